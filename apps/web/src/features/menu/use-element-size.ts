import { useLayoutEffect, useState } from "react";

export interface ElementSize {
  width: number;
  height: number;
}

const px = (value: string) => Number.parseFloat(value) || 0;

/**
 * The element's content size (inside its padding), kept current. Takes the element itself (from a
 * callback ref), so a new element is observed when the layout swaps it. Zero sizes are ignored: an
 * element not laid out (as in tests) keeps the last known size.
 */
export function useElementSize(element: HTMLElement | null): ElementSize {
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!element) return;
    const update = (width: number, height: number) => {
      if (width <= 0 || height <= 0) return;
      setSize((last) => (last.width === width && last.height === height ? last : { width, height }));
    };
    const style = getComputedStyle(element);
    update(
      element.clientWidth - px(style.paddingLeft) - px(style.paddingRight),
      element.clientHeight - px(style.paddingTop) - px(style.paddingBottom),
    );
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) update(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
