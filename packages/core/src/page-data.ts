import type { RestaurantDetail } from "./contract/restaurant.js";

/** What the server injects into index.html so the first paint needs no round trip. */
export interface PageData {
  guid: string | null;
  restaurant: RestaurantDetail | null;
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

export const PAGE_DATA_GLOBAL = "__TABLEMATE__";
