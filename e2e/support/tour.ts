import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { PROMPT_COPY } from "../../apps/web/src/features/prompt/prompt-copy.js";
import { PHONE, PHONE_OPTIONS, withoutNewMemberDialog } from "./browser.js";
import { shootCheckoutScreens } from "./checkout-shots.js";
import { scanTable } from "./diner-count.js";
import { shootDishScreens } from "./dish-shots.js";
import { shootMenuScreens } from "./menu-shots.js";
import { shootOrderStatusScreens } from "./order-status-shots.js";
import { shootSelectNumberScreens } from "./select-number-shots.js";
import type { RunningServer } from "./server.js";
import { shootSheetScreens } from "./sheet-shots.js";

/**
 * The tour of the diner app: every page, sheet, dialog and toast a diner can reach, each one a stop.
 * It has two uses: `npm run screenshots` pictures every stop (e2e/screenshots.ts) and layout.e2e.ts
 * checks every stop's layout, so a screen added to the tour is both pictured and checked.
 */

/**
 * Called at each screen of the tour, with the screen's name, while the screen is shown; it waits for
 * the screen to stand still itself (untilStill), so a part need not wait for animations before it.
 */
export type Stop = (page: Page, name: string) => Promise<void>;

/** One part of the tour: opens its pages in `context` and stops at each screen. */
export type TourPart = (context: BrowserContext, server: RunningServer, stop: Stop) => Promise<void>;

/** The phones every stop is looked at on: the context's own (390×844) first, then a small one. */
export const PHONE_SIZES = [PHONE, { width: 360, height: 740 }] as const;
export type PhoneSize = (typeof PHONE_SIZES)[number];
export const sizeName = (size: PhoneSize): string => `${size.width}x${size.height}`;

/**
 * A table of each demo restaurant (its last: the map keeps the last link of each), then every prompt
 * page (a forged link, an unknown restaurant, an unknown path, no order, overdue, logged out, an order
 * that is not the diner's, no link at all and its 重新扫码 hint), loaded straight. A menu is shown once the app has taken over the server's first screen
 * (laid out for a guessed width until then): startup fills in the table's name.
 */
const linkScreens: TourPart = async (context, server, stop) => {
  const page = await context.newPage();
  const lastLinks = [
    ...new Map(server.links.map((l) => [new URL(l).searchParams.get("hotelid"), l])).values(),
  ];
  const menus = lastLinks.map((link, i): [string, string] => [`menu-restaurant-${i + 1}`, link]);
  for (const [name, url] of menus) {
    await scanTable(page, url);
    await page.getByTestId("table-name").filter({ hasText: /\S/ }).waitFor();
    await page.waitForLoadState("networkidle");
    await stop(page, name);
  }
  const link = new URL(server.links[0] ?? "");
  const linkTo = (path: string, extra = "") => `${server.url}${path}${link.search}${extra}`;
  const others: Array<[string, string]> = [
    ["abnormal-forged-link", link.toString().replace(/sid=[\w-]+/, "sid=forged")],
    ["abnormal-unknown-restaurant", `${server.url}/?hotelid=99999&tn=1&sid=unknown`],
    ["not-found", `${server.url}/no-such-page`],
    ["prompt-no-order", linkTo("/prompt/order")],
    ["prompt-overdue", linkTo("/prompt/overdue")],
    ["prompt-logout", linkTo("/prompt/logout")],
    ["order-not-found", linkTo("/order/detail", "&orderId=999999")],
  ];
  for (const [name, url] of others) {
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    await stop(page, name);
  }
  await page.close();
  // a page opened with no table link, in a tab with nothing stored: 没有hotelid, and how to scan
  const bare = await context.newPage();
  await bare.goto(`${server.url}/order/list`);
  await bare.getByTestId("prompt-view").waitFor();
  await stop(bare, "abnormal-no-link");
  await bare.getByRole("button", { name: PROMPT_COPY.rescan }).click();
  await bare.getByRole("dialog").waitFor();
  await stop(bare, "abnormal-rescan-hint");
  await bare.close();
};

/**
 * The tour in lanes. The parts of a lane run one after another in one phone (a browser context of
 * its own, so a diner of their own); the lanes run side by side. A part that changes a table's cart
 * uses tables no part of another lane shows, so no tablemate's change reaches another lane's pictures.
 */
export const TOUR: ReadonlyArray<readonly TourPart[]> = [
  [
    // the menu templates, the category pop-up, search, the restaurant detail and map, the entry view
    shootMenuScreens,
    // the dish modals, the keypad, the combo page and the cart, at 川味小馆's first table
    (context, server, stop) => shootDishScreens(context, server.links[0] ?? "", stop),
  ],
  [
    linkScreens,
    // the order confirmation, the order placed, the order list, the supply form and the table picker
    shootCheckoutScreens,
  ],
  [
    // the diner-count step, before the menu where the table needs the count
    shootSelectNumberScreens,
    // the cashier's settle while the diner adds dishes: the alert, then the settled order
    shootOrderStatusScreens,
    // the sheets the other parts pass by: diner count, keypad over the menu, note editor, toasts, alerts
    // (last in its lane: it installs a clock on the lane's context)
    shootSheetScreens,
  ],
];

/**
 * Walks the whole tour, its lanes side by side, calling `stop` at every screen. Each lane's phone has
 * `phone`'s options (a check that reads no pixels can draw fewer: deviceScaleFactor 1).
 */
export async function walkTour(
  browser: Browser,
  server: RunningServer,
  stop: Stop,
  phone: BrowserContextOptions = PHONE_OPTIONS,
): Promise<void> {
  const lanes = await Promise.allSettled(
    TOUR.map(async (lane) => {
      const context = await withoutNewMemberDialog(await browser.newContext(phone));
      try {
        for (const part of lane) await part(context, server, stop);
      } finally {
        await context.close();
      }
    }),
  );
  const failed = lanes.find((lane) => lane.status === "rejected");
  if (failed) throw failed.reason;
}

/**
 * Waits until nothing moves: the boxes of the pop-ups, masks, dialogs and toasts (what animates in
 * this app) are the same in two samples 50 ms apart. Polled from here rather than with the page's
 * requestAnimationFrame, so it also works while a stop holds the page's clock.
 */
export async function untilStill(page: Page): Promise<void> {
  const sample = () =>
    page.evaluate(() =>
      Array.from(
        document.querySelectorAll(
          ".adm-popup-body, .adm-center-popup-wrap, .adm-mask, .adm-dialog, .toast, [role=dialog]",
        ),
      )
        .map((el) => {
          const r = el.getBoundingClientRect();
          return `${r.left},${r.top},${r.width},${r.height},${getComputedStyle(el).opacity}`;
        })
        .join(";"),
    );
  const deadline = Date.now() + 5_000;
  for (let last = await sample(); Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await sample();
    if (next === last) return;
    last = next;
  }
}

/**
 * Shows the page at each phone size in turn (the layout follows: the app measures with
 * ResizeObserver), waits until still, calls `visit`, and leaves the page at the context's size.
 */
export async function atEachPhoneSize(page: Page, visit: (size: PhoneSize) => Promise<void>): Promise<void> {
  for (const size of PHONE_SIZES) {
    if (size !== PHONE) await page.setViewportSize(size);
    await untilStill(page);
    await visit(size);
  }
  await page.setViewportSize(PHONE);
}
