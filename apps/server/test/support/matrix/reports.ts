import { API } from "@tablemate/core";
import { asc, eq } from "drizzle-orm";
import { orders } from "../../../src/db/schema.js";
import type { MatrixContext, MatrixRow } from "./types.js";

/** Reads only: the restaurant's orders stay as they were. */
const ordersOf = ({ db, rid }: MatrixContext) =>
  db.select().from(orders).where(eq(orders.restaurantId, rid)).orderBy(asc(orders.id));

/** Today's numbers: the summary and the orders' CSV. */
export const REPORT_ROWS: MatrixRow[] = [
  {
    method: "GET",
    route: API.consoleReportsSummary(":rid"),
    permission: "reports.read",
    request: async ({ rid }) => ({ url: API.consoleReportsSummary(rid) }),
    snapshot: ordersOf,
  },
  {
    method: "GET",
    route: API.consoleReportsCsv(":rid"),
    permission: "reports.read",
    request: async ({ rid }) => ({ url: API.consoleReportsCsv(rid) }),
    snapshot: ordersOf,
  },
];
