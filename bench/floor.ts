/**
 * The static floor: what the menu's first screen shows (header, category bar, the first dishes with their
 * images, the app's own CSS) as plain HTML with no JavaScript. It is read off the real page once rendered,
 * so it stays the same screen as the app's, and its LCP is the best the app's first screen could do.
 */
import { writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { phoneContext } from "../e2e/support/browser.js";

export async function writeFloorPage(
  browser: Browser,
  link: string,
  file: string,
): Promise<{ dishes: number }> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(link);
    await page.getByTestId("dish-card").first().waitFor();
    await page.waitForLoadState("networkidle");
    return { dishes: await writeFirstScreen(page, file, "[data-testid=dish-card]") };
  } finally {
    await context.close();
  }
}

/**
 * Writes the first screen `page` shows (rendered, its network quiet) to `file` as plain HTML: elements
 * wholly below the first screen are left out, and so are scripts and script preloads; styles, images and
 * links stay as the page has them. Answers how many elements matching `count` it kept.
 */
export async function writeFirstScreen(page: Page, file: string, count: string): Promise<number> {
  const floor = await page.evaluate((counted) => {
    const below = "data-bench-below-fold";
    for (const element of Array.from(document.body.querySelectorAll("*")))
      if (element.getBoundingClientRect().top >= window.innerHeight) element.setAttribute(below, "");
    const copy = document.documentElement.cloneNode(true);
    for (const element of Array.from(document.querySelectorAll(`[${below}]`))) element.removeAttribute(below);
    if (!(copy instanceof HTMLElement)) throw new Error("the page has no document element");
    const left = `[${below}], script, link[rel=modulepreload], link[rel=preload][as=script]`;
    for (const element of Array.from(copy.querySelectorAll(left))) element.remove();
    return { html: `<!doctype html>\n${copy.outerHTML}\n`, kept: copy.querySelectorAll(counted).length };
  }, count);
  writeFileSync(file, floor.html);
  return floor.kept;
}
