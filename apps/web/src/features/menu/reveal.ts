/**
 * Scrolls `strip` (and nothing else) so `item` is inside it. Element.scrollIntoView would also
 * scroll the menu's page, moving the dish list away from where the diner is.
 */
export function revealInStrip(
  strip: HTMLElement | null,
  item: HTMLElement | null | undefined,
  axis: "x" | "y",
): void {
  if (!strip || !item) return;
  const [start, size, scroll, view] =
    axis === "x"
      ? [item.offsetLeft, item.offsetWidth, strip.scrollLeft, strip.clientWidth]
      : [item.offsetTop, item.offsetHeight, strip.scrollTop, strip.clientHeight];
  let next = scroll;
  if (start < scroll) next = start;
  else if (start + size > scroll + view) next = start + size - view;
  if (next === scroll) return;
  if (axis === "x") strip.scrollLeft = next;
  else strip.scrollTop = next;
}

/** revealInStrip for the strip's `index`th child. */
export function revealChild(strip: HTMLElement | null, index: number, axis: "x" | "y"): void {
  const child = strip?.children.item(index);
  revealInStrip(strip, child instanceof HTMLElement ? child : null, axis);
}
