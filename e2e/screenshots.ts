/**
 * Starts the product and saves phone-sized screenshots of its pages to e2e/screenshots/, so anyone
 * can look at what a diner sees: `npm run screenshots` (after `npm run build`).
 */
import { mkdirSync } from "node:fs";
import { launchChromium, phoneContext } from "./support/browser.js";
import { startServer } from "./support/server.js";

const OUT = new URL("./screenshots/", import.meta.url).pathname;

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const [server, browser] = await Promise.all([startServer(), launchChromium()]);
  try {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // the first table of each demo restaurant
    const firstLinks = [
      ...new Map(server.links.map((l) => [new URL(l).searchParams.get("hotelid"), l])).values(),
    ];
    const shots: Array<[string, string]> = [
      ...firstLinks.map((link, i): [string, string] => [`menu-restaurant-${i + 1}`, link]),
      ["abnormal-forged-link", (server.links[0] ?? "").replace(/sid=[\w-]+/, "sid=forged")],
      ["not-found", `${server.url}/no-such-page`],
    ];
    for (const [name, url] of shots) {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${OUT}${name}.png` });
      process.stdout.write(`${OUT}${name}.png\n`);
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
