import type { Category, Dish, Memo, PeriodDishInfo, SellOut } from "./contract/menu.js";
import type { PayView } from "./contract/payment.js";
import type { RestaurantDetail } from "./contract/restaurant.js";
import type { MenuLanguages } from "./menu-translation.js";

/**
 * The scanned restaurant's menu as the server read it for this page: what the first screen shows,
 * so the menu paints from the page itself instead of after the startup calls, and what startup
 * would fetch next, so it fetches none of it. Each part is what its call answers.
 */
export interface MenuSnapshot {
  categories: Category[];
  foods: Dish[];
  recommends: Dish[];
  periodDishes: PeriodDishInfo[];
  memos: Memo[];
  /** the sell-out call's answer: the dishes' stock (as in `foods`) and the limited additions' */
  sellOut: SellOut;
  /** the base language and those the whole menu is translated into (the menu-translation call loads one) */
  languages: MenuLanguages;
}

/** What the server injects into index.html so the first paint needs no round trip. */
export interface PageData {
  guid: string | null;
  restaurant: RestaurantDetail | null;
  /** present with the restaurant when the server served its menu */
  menu: MenuSnapshot | null;
  /** present with the restaurant: whether its register is online (the pos-status call's answer) */
  posOnline: boolean | null;
  /**
   * the diner count of the table the link names (its sid checked), so the first screen is the
   * diner-count step or the menu from the start; null without such a table
   */
  dinerCount: number | null;
  /**
   * on /pay?orderId= opened from a link, the order's pay view as its diner may see it (the pay call's
   * answer), so the page shows the amount without asking after the start; absent elsewhere
   */
  pay?: PayView | null;
  config: ClientConfig;
}

/** The only configuration the browser sees (spec 000 §3 environment config). */
export interface ClientConfig {
  env: string;
  routerMode: "history" | "hash";
  routerPrefix: string;
  socketUrl: string;
  payUrl: string;
  hostUrl: string;
  qrcodeUrl: string;
  evaluateUrl: string;
  imageHost: string;
}

/**
 * The diner app's server-side entry: the HTML of the menu's first screen for a page path (under
 * the router prefix) and its page data, or null for a page it does not render on the server.
 */
export type FirstScreenRenderer = (path: string, pageData: PageData) => string | null;

/** The id of the page's `<script type="application/json">` holding the page data. */
export const PAGE_DATA_ELEMENT_ID = "tablemate-page-data";
