import type { BrowserContext, Page } from "playwright-core";

/**
 * What the diner-count step adds to a new table's cart at the demo restaurants that need the count
 * (dine-in menus with must-order dishes), when one diner is chosen: 茶位费 ¥3 per diner and 米饭 ¥2,
 * two per table. Tests about other dishes add these to what they expect.
 */
export const MUST_ORDER_FOR_ONE = { total: 3 + 2 * 2, units: 1 + 2, lines: 2 } as const;

/** Taps `count` on the diner-count step (/selectNumber) and waits for the menu it leads to. */
export async function chooseDinerCount(page: Page, count = 1): Promise<void> {
  const step = page.getByTestId("select-number-page");
  const menu = page.getByTestId("table-name");
  // a tablemate scanning at the same moment may set the count first: the step then moves on by
  // itself, before or while this diner taps
  await step.or(menu).first().waitFor();
  const tap = step
    .getByRole("button", { name: `${count}人`, exact: true })
    .click({ timeout: 10_000 })
    .catch(() => undefined);
  await Promise.race([tap, menu.waitFor()]);
  await menu.waitFor();
}

/**
 * Opens a table link as a diner's scan does and waits for the menu with its table: where the table
 * still needs its diner count, through the step, choosing `count` diners.
 */
export async function scanTable(page: Page, url: string, count = 1): Promise<void> {
  await page.goto(url);
  const step = page.getByTestId("select-number-page");
  await step.or(page.getByTestId("table-name")).first().waitFor();
  if (await step.isVisible()) await chooseDinerCount(page, count);
}

/**
 * A new page of `context` scanned onto a table's menu (through the step where asked), with its first
 * dish card shown and the network quiet; the page's errors are pushed to `errors`.
 */
export async function openMenuPage(context: BrowserContext, url: string, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(String(error)));
  await scanTable(page, url);
  await page.getByTestId("dish-card").first().waitFor();
  await page.waitForLoadState("networkidle");
  return page;
}
