import type { Page } from "playwright-core";

/**
 * Scrolls the menu's dish list (the nearest scrolling ancestor of the dish cards, else the page) by `fraction`
 * of its visible height; answers true once it can scroll no further.
 */
export function scrollDishList(page: Page, fraction: number): Promise<boolean> {
  return page.evaluate((by) => {
    const card = document.querySelector("[data-testid=dish-card]");
    let list: HTMLElement | null = card?.parentElement ?? null;
    while (list && list.scrollHeight <= list.clientHeight + 1) list = list.parentElement;
    const scroller = list ?? document.scrollingElement;
    if (!scroller) return true;
    const before = scroller.scrollTop;
    scroller.scrollTop = before + scroller.clientHeight * by;
    return scroller.scrollTop === before;
  }, fraction);
}
