import {
  type ClientConfig,
  type MenuSnapshot,
  PAGE_DATA_ELEMENT_ID,
  type PageData,
  type RestaurantDetail,
} from "@tablemate/core";

/** Used in development and tests, where no server injects page data. */
export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  env: "development",
  routerMode: "history",
  routerPrefix: "",
  socketUrl: "",
  payUrl: "",
  hostUrl: "",
  qrcodeUrl: "",
  evaluateUrl: "",
  imageHost: "",
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" ? value : fallback;
}

function readConfig(raw: unknown): ClientConfig {
  if (!isRecord(raw)) return DEFAULT_CLIENT_CONFIG;
  const d = DEFAULT_CLIENT_CONFIG;
  return {
    env: stringOr(raw.env, d.env),
    routerMode: raw.routerMode === "hash" ? "hash" : "history",
    routerPrefix: stringOr(raw.routerPrefix, d.routerPrefix),
    socketUrl: stringOr(raw.socketUrl, d.socketUrl),
    payUrl: stringOr(raw.payUrl, d.payUrl),
    hostUrl: stringOr(raw.hostUrl, d.hostUrl),
    qrcodeUrl: stringOr(raw.qrcodeUrl, d.qrcodeUrl),
    evaluateUrl: stringOr(raw.evaluateUrl, d.evaluateUrl),
    imageHost: stringOr(raw.imageHost, d.imageHost),
  };
}

/** The detail is trusted as the server's presenter shaped it; only its identity is checked. */
function readRestaurant(raw: unknown): RestaurantDetail | null {
  if (!isRecord(raw) || typeof raw.restaurantId !== "number") return null;
  return raw as unknown as RestaurantDetail;
}

/** The menu, like the restaurant, is trusted as the server shaped it; only its parts are checked. */
function readMenu(raw: unknown): MenuSnapshot | null {
  if (!isRecord(raw) || !isRecord(raw.sellOut)) return null;
  const { categories, foods, recommends, periodDishes, memos, sellOut } = raw;
  const lists = [categories, foods, recommends, periodDishes, memos, sellOut.value, sellOut.additions];
  if (!lists.every(Array.isArray)) return null;
  return raw as unknown as MenuSnapshot;
}

/** Parsed once per element: the menu in it is large, and several steps read the page data. */
const parsed = new WeakMap<Element, unknown>();

export function rawPageData(): unknown {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return null;
  if (!parsed.has(element)) {
    try {
      parsed.set(element, JSON.parse(element.textContent ?? ""));
    } catch (error) {
      console.error("the page data is not JSON", error);
      parsed.set(element, null);
    }
  }
  return parsed.get(element);
}

/** Page data the server injected into index.html, field by field, with defaults for anything absent. */
export function readPageData(): PageData {
  const raw = rawPageData();
  const data = isRecord(raw) ? raw : {};
  return {
    guid: typeof data.guid === "string" && data.guid !== "" ? data.guid : null,
    restaurant: readRestaurant(data.restaurant),
    menu: readMenu(data.menu),
    posOnline: typeof data.posOnline === "boolean" ? data.posOnline : null,
    dinerCount: typeof data.dinerCount === "number" ? data.dinerCount : null,
    config: readConfig(data.config),
  };
}

/** routerPrefix as a react-router basename: '' or '/' → '/', 'h5/' → '/h5'. */
export function routerBasename(prefix: string): string {
  const trimmed = prefix.trim().replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "/" : `/${trimmed}`;
}
