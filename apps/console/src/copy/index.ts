import { COMMON_COPY } from "./common.js";
import { SESSION_COPY } from "./session.js";
import { STOCK_COPY } from "./stock.js";
import { TABLES_COPY } from "./tables.js";

export { COMMON_COPY } from "./common.js";
export { SESSION_COPY } from "./session.js";
export { STOCK_COPY } from "./stock.js";
export { TABLES_COPY } from "./tables.js";

/**
 * Every Chinese string of the console, one file per feature (English follows later, as another set of
 * the same shape). A feature adds its file here; a page's menu title is its feature's `title`.
 */
export const COPY = {
  common: COMMON_COPY,
  session: SESSION_COPY,
  stock: STOCK_COPY,
  tables: TABLES_COPY,
} as const;

export type CopyFeature = keyof typeof COPY;

/** The features whose copy has a `title`: what a page in src/pages.ts names as its titleKey. */
export type PageTitleKey = {
  [K in CopyFeature]: (typeof COPY)[K] extends { title: string } ? K : never;
}[CopyFeature];

export function pageTitle(key: PageTitleKey): string {
  return (COPY[key] as { title: string }).title;
}
