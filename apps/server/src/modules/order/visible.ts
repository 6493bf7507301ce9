import { AppError } from "@tablemate/core";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { carts, orders, tableUsers, visits } from "../../db/schema.js";

type OrderRow = typeof orders.$inferSelect;

/**
 * What a diner may see of an order: it is theirs (its main user), or of the visit they sat at, shared
 * (in quick-service each diner's cart is their own). A later party at the same table sees nothing of it.
 */
export function visibleTo(guid: string): SQL {
  // the carts of the visits they sat at first (a handful), so a list reads only those carts' orders
  return sql`(${orders.mainGuid} = ${guid} or ${orders.cartId} in (
    select c.id from ${carts} c join ${tableUsers} u on u.visit_id = c.visit_id
    where u.guid = ${guid} and c.owner_guid in ('', ${guid})))`;
}

/** An order the diner may see, and whether its visit is still open (only then may they act on it). */
export async function visibleOrder(
  db: Db,
  orderId: number,
  restaurantId: number,
  guid: string,
): Promise<{ order: OrderRow; visitOpen: boolean }> {
  const [row] = await db
    .select({ order: orders, visitOpen: sql<boolean>`${visits.endedAt} is null`, visible: visibleTo(guid) })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .innerJoin(visits, eq(visits.id, carts.visitId))
    .where(and(eq(orders.id, orderId), eq(orders.restaurantId, restaurantId)));
  if (!row) throw new AppError("notFound", "订单不存在");
  // the same answer as a missing order: an id says nothing about other diners' orders
  if (!row.visible) throw new AppError("notFound", "订单不存在");
  return { order: row.order, visitOpen: row.visitOpen };
}
