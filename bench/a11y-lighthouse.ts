/**
 * `npm run a11y-lighthouse -w bench`: Lighthouse's accessibility score of the menu, the checkout (the
 * order confirmation, /subOrder) and /pay (issue 28: 1.00 on each).
 *
 * Starts the server (the build as it is: `npm run build` first); a diner scans a table of 江南食府
 * (prepayment), adds 拍黄瓜, opens the checkout and submits, which goes on to /pay. Lighthouse (mobile,
 * accessibility only) then opens each page with that diner's cookies in its jar. Writes each score and
 * the failed audits to bench/results/a11y-lighthouse.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Result } from "lighthouse";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { launchChromium, phoneContext } from "../e2e/support/browser.js";
import { scanTable } from "../e2e/support/diner-count.js";
import { addControl, cartBar, menuCard, plus, tap } from "../e2e/support/dishes.js";
import { startServer } from "../e2e/support/server.js";
import { runLighthouse } from "./lighthouse.js";

const ROOT = new URL("..", import.meta.url).pathname;
const RESULTS = join(ROOT, "bench/results");
const RESTAURANT = "江南食府";

/** The audits of the category that did not pass, with the elements each names. */
function failedAudits(lhr: Result): Array<{ id: string; title: string; nodes: string[] }> {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => {
      const items = (audit?.details as { items?: Array<{ node?: { selector?: string } }> } | undefined)
        ?.items;
      return {
        id: audit?.id ?? "",
        title: audit?.title ?? "",
        nodes: (items ?? []).slice(0, 5).map((item) => item.node?.selector ?? ""),
      };
    });
}

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const table = server.tables.find((t) => t.restaurant === RESTAURANT);
    if (!table) throw new Error(`the server printed no table of ${RESTAURANT}`);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await scanTable(page, table.url);
    await tap(plus(addControl(await menuCard(page, "凉菜", "拍黄瓜"))));
    await cartBar(page).locator(".cart-bar__order").click();
    await page.getByTestId("suborder-page").waitFor();
    const checkout = page.url();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await page.getByTestId("pay-due").waitFor();
    const pay = page.url();
    const cookies = (await context.cookies()).map(({ name, value }) => ({
      name,
      value,
      url: `${server.url}/`,
    }));
    await context.close();

    const pages = { menu: table.url, checkout, pay };
    const results: Record<string, { score: number; failed: ReturnType<typeof failedAudits> }> = {};
    for (const [name, url] of Object.entries(pages)) {
      const lhr = await runLighthouse(url, {
        cookies,
        categories: ["accessibility"],
        // the table link's menu is the app's /main
        landsOn: name === "menu" ? "/main" : new URL(url).pathname,
      });
      results[name] = { score: lhr.categories.accessibility?.score ?? 0, failed: failedAudits(lhr) };
      process.stdout.write(`${name}: ${results[name]?.score} ${JSON.stringify(results[name]?.failed)}\n`);
    }
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(
      join(RESULTS, "a11y-lighthouse.json"),
      `${JSON.stringify({ measuredAt: new Date().toISOString(), restaurant: RESTAURANT, results }, null, 2)}\n`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
