import { COMMON_COPY } from "./common.js";
import { FLOOR_COPY, ORDERS_COPY } from "./floor.js";
import { FULFILMENT_COPY } from "./fulfilment.js";
import { HEALTH_COPY } from "./health.js";
import { KITCHEN_COPY, PRINT_COPY, STATIONS_COPY } from "./kitchen.js";
import { MEMBERS_COPY } from "./members.js";
import { MENU_COPY } from "./menu.js";
import { ORDER_DETAIL_COPY } from "./order-detail.js";
import { PAYMENTS_COPY } from "./payments.js";
import { PRINTERS_COPY } from "./printers.js";
import { REPORTS_COPY } from "./reports.js";
import { SESSION_COPY } from "./session.js";
import { SETTINGS_COPY } from "./settings.js";
import { API_KEYS_COPY, AUDIT_COPY, PASSWORD_COPY, PIN_SWITCH_COPY, STAFF_COPY } from "./staff.js";
import { STOCK_COPY } from "./stock.js";
import { TABLES_COPY } from "./tables.js";

export { COMMON_COPY } from "./common.js";
export { FLOOR_COPY, ORDERS_COPY } from "./floor.js";
export { FULFILMENT_COPY } from "./fulfilment.js";
export { HEALTH_COPY } from "./health.js";
export { KITCHEN_COPY, PRINT_COPY, STATIONS_COPY } from "./kitchen.js";
export { MEMBERS_COPY } from "./members.js";
export { MENU_COPY, MENU_DEFAULTS } from "./menu.js";
export { ORDER_DETAIL_COPY } from "./order-detail.js";
export { PAYMENTS_COPY } from "./payments.js";
export { PRINTERS_COPY } from "./printers.js";
export { REPORTS_COPY } from "./reports.js";
export { SESSION_COPY } from "./session.js";
export { SETTINGS_COPY } from "./settings.js";
export { API_KEYS_COPY, AUDIT_COPY, PASSWORD_COPY, PIN_SWITCH_COPY, STAFF_COPY } from "./staff.js";
export { STOCK_COPY } from "./stock.js";
export { TABLES_COPY } from "./tables.js";

/**
 * Every Chinese string of the console, one file per feature (the source language: the catalogues in
 * i18n/catalogues/ translate them in place). A feature adds its file here; a page's menu title is its feature's `title`.
 */
export const COPY = {
  common: COMMON_COPY,
  session: SESSION_COPY,
  menu: MENU_COPY,
  settings: SETTINGS_COPY,
  floor: FLOOR_COPY,
  orders: ORDERS_COPY,
  orderDetail: ORDER_DETAIL_COPY,
  fulfilment: FULFILMENT_COPY,
  staff: STAFF_COPY,
  apiKeys: API_KEYS_COPY,
  audit: AUDIT_COPY,
  reports: REPORTS_COPY,
  kitchen: KITCHEN_COPY,
  stations: STATIONS_COPY,
  print: PRINT_COPY,
  stock: STOCK_COPY,
  tables: TABLES_COPY,
  payments: PAYMENTS_COPY,
  members: MEMBERS_COPY,
} as const;

/**
 * Every copy module by the namespace its language catalogues translate it under (i18n/catalogue.ts):
 * the pages' and the parts' outside them.
 */
export const WORDS = {
  ...COPY,
  health: HEALTH_COPY,
  printers: PRINTERS_COPY,
  password: PASSWORD_COPY,
  pinSwitch: PIN_SWITCH_COPY,
} as const;

export type CopyFeature = keyof typeof COPY;

/** The features whose copy has a `title`: what a page in src/pages.ts names as its titleKey. */
export type PageTitleKey = {
  [K in CopyFeature]: (typeof COPY)[K] extends { title: string } ? K : never;
}[CopyFeature];

export function pageTitle(key: PageTitleKey): string {
  return (COPY[key] as { title: string }).title;
}
