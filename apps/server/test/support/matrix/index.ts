import { ACCOUNT_ROWS } from "./accounts.js";
import { FLOOR_ROWS } from "./floor.js";
import { HEALTH_ROWS } from "./health.js";
import { KITCHEN_ROWS } from "./kitchen.js";
import { MEMBER_ROWS } from "./members.js";
import { MENU_ROWS } from "./menu.js";
import { ORDER_ROWS } from "./orders.js";
import { PAYMENT_ROWS } from "./payments.js";
import { PRINT_ROWS } from "./print.js";
import { REPORT_ROWS } from "./reports.js";
import { STOCK_ROWS } from "./stock.js";
import type { MatrixRow } from "./types.js";

export type { MatrixContext, MatrixRow } from "./types.js";

/**
 * Every staff route's rows, one file per feature (a feature adds its file and one line here). The
 * matrix test fails for a route under /console/api/v1/restaurants/ that has no row.
 */
export const MATRIX_ROWS: MatrixRow[] = [
  ...ORDER_ROWS,
  ...ACCOUNT_ROWS,
  ...REPORT_ROWS,
  ...KITCHEN_ROWS,
  ...MENU_ROWS,
  ...FLOOR_ROWS,
  ...STOCK_ROWS,
  ...PAYMENT_ROWS,
  ...MEMBER_ROWS,
  ...PRINT_ROWS,
  ...HEALTH_ROWS,
];
