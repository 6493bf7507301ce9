/**
 * Starts the product and saves phone-sized screenshots of every stop of the tour (support/tour.ts) to
 * e2e/screenshots/, so anyone can look at what a diner sees: `npm run screenshots` (after `npm run
 * build`). Each screen at 390×844 is `<name>.png`, at 360×740 `<name>@360.png`. Then the staff
 * console's pages (support/console-tour.ts) at the tablet's 1024×768, `console-<name>.png`, after the
 * diners' tour, so its orders are in the console's numbers. `npm run screenshots -- --console` takes
 * only the console's.
 */
import { mkdirSync } from "node:fs";
import { launchChromium, PHONE } from "./support/browser.js";
import { walkConsoleTour } from "./support/console-tour.js";
import { startServer } from "./support/server.js";
import { atEachPhoneSize, walkTour } from "./support/tour.js";

const OUT = new URL("./screenshots/", import.meta.url).pathname;

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const [server, browser] = await Promise.all([startServer(), launchChromium()]);
  try {
    if (!process.argv.includes("--console")) {
      await walkTour(browser, server, (page, name) =>
        atEachPhoneSize(page, async (size) => {
          const path = `${OUT}${name}${size.width === PHONE.width ? "" : `@${size.width}`}.png`;
          await page.screenshot({ path });
          process.stdout.write(`${path}\n`);
        }),
      );
    }
    await walkConsoleTour(browser, server, async (page, name) => {
      const path = `${OUT}console-${name}.png`;
      await page.screenshot({ path });
      process.stdout.write(`${path}\n`);
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
