import type { ConsoleOrder } from "@tablemate/core";
import type { Db } from "../../db/client.js";
import { listConsoleOrders } from "../floor/orders-list.js";

/**
 * The restaurant's orders, newest first, each with its lines (norms, methods, additions, parts, notes,
 * who added them) and its status changes: who and when. By status, and from a time.
 */
export function staffOrders(
  db: Db,
  restaurantId: number,
  filter: { status?: number; from?: Date },
): Promise<ConsoleOrder[]> {
  return listConsoleOrders(db, restaurantId, filter);
}
