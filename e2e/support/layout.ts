import type { Page } from "playwright-core";

/**
 * The layout check of one screen as it is shown now: what of it a diner cannot see or cannot tap.
 *
 * The rules, for every element that is drawn (it has a box of at least 1×1 px, its visibility is
 * `visible` and neither it nor an ancestor has opacity 0; an <svg>'s insides count as the <svg>):
 *
 * 1. Its box lies inside every box that clips it, and inside the screen, to within 1 px. The boxes that clip it are
 *    those of its containing-block chain with an overflow other than `visible` (a fixed element is
 *    clipped by none of its ancestors unless one is its containing block: a transform, a filter…),
 *    then the viewport. So a sheet wider than the phone is caught by the viewport, and a button cut off
 *    by its own sheet's `overflow: hidden` is caught by the sheet: clipping by an ancestor that is
 *    itself on screen is not an excuse. What is excused, and why:
 *    - a scrolling box (overflow auto or scroll) lets the diner scroll to what it holds, so its
 *      contents are not checked across its scrolling axis: vertically in any scroller; sideways only in
 *      the scrollers meant to scroll sideways (SIDEWAYS_SCROLLERS, by selector, so a list that scrolls
 *      sideways by mistake is caught). The scroller itself is checked like any element. The page
 *      itself scrolls vertically, so what is in the page's flow (no fixed layer on the way up) may go
 *      past the bottom of the screen, never past a side;
 *    - a box that truncates its text on purpose (text-overflow: ellipsis, or -webkit-line-clamp)
 *      hides the rest of its contents by design: what it holds is not checked, the box itself is.
 *    Only the outermost element that breaks a rule is reported, not each of its children.
 * 2. No part of the page is wider than the phone: the page is not wider than the screen, and no
 *    scroller other than SIDEWAYS_SCROLLERS holds content wider than itself.
 * 3. What a diner taps on a sheet, dialog or any fixed layer (buttons, links, fields, options) is
 *    not covered: `elementFromPoint` at the centre of its visible part finds it (or something inside
 *    it), or finds another modal layer (MODAL_LAYERS) stacked over it on purpose; a fixed bar over a
 *    sheet's button, or a part of its own sheet drawn over it, is reported.
 */

/** The scrollers meant to scroll sideways: category tabs, the second-category strip, 老板推荐's row. */
export const SIDEWAYS_SCROLLERS = [".category-tabs__items", ".second-strip__items", ".recommend__scroller"];

/**
 * Modal layers: a pop-up or dialog with its mask, and the loading toast's mask. One of them drawn over
 * a button of another layer covers it on purpose (the diner acts on the top one).
 */
export const MODAL_LAYERS = [
  ".adm-popup",
  ".adm-center-popup",
  ".toast-layer--mask",
  ".loading-overlay",
  // a native dialog opened with showModal(): the top layer, over the whole page on purpose
  "dialog:modal",
];

/** What a diner taps. */
const TAPPABLE =
  "button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=option], [role=tab], [role=checkbox], [role=radio]";

interface Rules {
  /** the phone's screen: not the page's innerWidth, which a phone widens to fit a page too wide */
  width: number;
  height: number;
  sideways: string[];
  modal: string[];
  tappable: string;
}

/** The check itself, run in the page: it answers one line per problem. */
function findProblems({ width, height, sideways, modal, tappable }: Rules): string[] {
  // a box may pass an edge by 1 px: sub-pixel layout, and libraries' line boxes a pixel taller than
  // their bar (antd's nav-bar back area), draw nothing a diner would miss
  const slack = 1;
  const problems: string[] = [];

  const styles = new Map<Element, CSSStyleDeclaration>();
  const css = (el: Element): CSSStyleDeclaration => {
    let style = styles.get(el);
    if (!style) {
      style = getComputedStyle(el);
      styles.set(el, style);
    }
    return style;
  };
  const transparent = new Map<Element, boolean>();
  const isTransparent = (el: Element | null): boolean => {
    if (!el) return false;
    let known = transparent.get(el);
    if (known === undefined) {
      known = css(el).opacity === "0" || isTransparent(el.parentElement);
      transparent.set(el, known);
    }
    return known;
  };
  const label = (el: Element): string => {
    const id = el.id ? ` #${el.id}` : "";
    const testId = el.getAttribute("data-testid");
    const className = typeof el.className === "string" ? el.className.trim().split(/\s+/)[0] : "";
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 24);
    return `<${el.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ""}${className ? ` .${className}` : ""}>${text ? ` "${text}"` : ""}`;
  };
  interface Box {
    left: number;
    top: number;
    right: number;
    bottom: number;
  }
  const show = (b: Box) =>
    `(${Math.round(b.left)},${Math.round(b.top)})–(${Math.round(b.right)},${Math.round(b.bottom)})`;
  /** The box that clips an element's contents: the padding box. */
  const clipBox = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    const left = r.left + el.clientLeft;
    const top = r.top + el.clientTop;
    return { left, top, right: left + el.clientWidth, bottom: top + el.clientHeight };
  };
  const outside = (b: Box, c: Box, axis: "x" | "y"): boolean =>
    axis === "x"
      ? b.left < c.left - slack || b.right > c.right + slack
      : b.top < c.top - slack || b.bottom > c.bottom + slack;
  const intersect = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  /** Does this box hold fixed descendants in place (a containing block for them)? */
  const holdsFixed = (s: CSSStyleDeclaration): boolean =>
    s.transform !== "none" ||
    s.filter !== "none" ||
    s.perspective !== "none" ||
    /paint|layout|strict|content/.test(s.contain) ||
    /transform|filter|perspective/.test(s.willChange);
  const scrolls = (s: CSSStyleDeclaration) => /auto|scroll/.test(`${s.overflowX} ${s.overflowY}`);
  const isSideways = (el: Element) => sideways.some((selector) => el.matches(selector));
  const modalOf = (el: Element) => el.closest(modal.join(","));

  const reported = new Set<Element>();
  const underReported = (el: Element): boolean => {
    for (let a: Element | null = el.parentElement; a; a = a.parentElement) if (reported.has(a)) return true;
    return false;
  };

  const pageWidth = Math.max(window.innerWidth, document.documentElement.scrollWidth);
  if (pageWidth > width + slack) problems.push(`the page is ${pageWidth} px wide on a ${width} px screen`);

  for (const el of Array.from(document.body.querySelectorAll("*"))) {
    if (el.closest("svg") !== el && el.closest("svg")) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) continue;
    const style = css(el);
    if (style.visibility !== "visible" || isTransparent(el)) continue;
    if (underReported(el)) continue;

    const report = (what: string) => {
      reported.add(el);
      problems.push(`${label(el)} ${show(rect)} ${what}`);
    };

    if (scrolls(style) && !isSideways(el) && el.scrollWidth > el.clientWidth + 1) {
      report(`scrolls sideways: holds ${el.scrollWidth} px in ${el.clientWidth} px`);
      continue;
    }

    // rule 1: up the containing-block chain
    let needs = style.position;
    let fixedLayer = needs === "fixed";
    let freeX = false;
    let freeY = false;
    let truncated = false;
    let visible: Box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
    let problem: string | null = null;
    for (let a = el.parentElement; a && a !== document.documentElement && !problem; a = a.parentElement) {
      const s = css(a);
      const contains =
        needs === "fixed"
          ? holdsFixed(s)
          : needs === "absolute"
            ? s.position !== "static" || holdsFixed(s)
            : true;
      if (!contains) continue;
      needs = s.position;
      if (needs === "fixed") fixedLayer = true;
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const clip = clipBox(a);
      visible = intersect(visible, clip);
      if (scrolls(s)) {
        if (isSideways(a)) freeX = true;
        else freeY = true;
      } else if (s.textOverflow === "ellipsis" || (s.webkitLineClamp && s.webkitLineClamp !== "none")) {
        truncated = true;
        break;
      }
      const cutX = !freeX && outside(rect, clip, "x");
      const cutY = !freeY && outside(rect, clip, "y");
      if (cutX || cutY) problem = `is cut off by ${label(a)} ${show(clip)}`;
    }
    if (truncated) continue;
    if (problem) {
      report(problem);
      continue;
    }
    const screen: Box = { left: 0, top: 0, right: width, bottom: height };
    if (!freeX && outside(rect, screen, "x")) {
      report(`sticks out of the ${width} px wide screen`);
      continue;
    }
    if (!freeY && fixedLayer && outside(rect, screen, "y")) {
      report(`sticks out of the ${height} px high screen`);
      continue;
    }
    visible = intersect(visible, screen);

    // rule 3: what a diner taps on a fixed layer is not covered
    if (!fixedLayer || !el.matches(tappable) || style.pointerEvents === "none") continue;
    if (visible.right - visible.left < 1 || visible.bottom - visible.top < 1) continue;
    const x = (visible.left + visible.right) / 2;
    const y = (visible.top + visible.bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit === el || el.contains(hit)) continue;
    const over = modalOf(hit);
    if (over && over !== modalOf(el)) continue;
    report(`is covered at its centre (${Math.round(x)},${Math.round(y)}) by ${label(hit)}`);
  }
  return problems;
}

/** The layout problems of the screen the page shows now (empty when there are none). */
export async function layoutProblems(page: Page): Promise<string[]> {
  const screen = page.viewportSize();
  if (!screen) throw new Error("the page has no viewport size");
  // tsx (esbuild's keepNames) wraps named functions in __name(…): the page needs one to run them
  await page.evaluate("globalThis.__name ??= (target) => target");
  return page.evaluate(findProblems, {
    ...screen,
    sideways: SIDEWAYS_SCROLLERS,
    modal: MODAL_LAYERS,
    tappable: TAPPABLE,
  });
}
