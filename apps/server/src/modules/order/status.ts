import {
  type DishStock,
  ORDER_STATUS,
  type OrderStatus,
  startsNewOrder,
  stockUnits,
  takesOrder,
} from "@tablemate/core";
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { carts, orderEvents, orderLines, orders } from "../../db/schema.js";
import type { BaseDeps } from "../../deps.js";
import { cartTopic, restaurantTopic } from "../../realtime/hub.js";
import { orderStatusMessage, stockMessage } from "../../realtime/messages.js";
import { publishStaff } from "../../realtime/staff-topics.js";
import { cartState } from "../cart/cart-state.js";
import { unfixVisitCard } from "../settlement/member-effects.js";
import { returnStock } from "./stock.js";

type OrderRow = typeof orders.$inferSelect;

/**
 * Writes one status move of an order its caller has locked and checked: the status (and posTime when
 * the restaurant first takes it), an event with who and when, the visit's card binding ended by a
 * settle, cancel or close (001 §4's new order start), and for a cancel its dish and addition stock back. Answers the limited dishes' new stock (none but for a cancel).
 */
export async function writeStatusMove(
  tx: Tx,
  order: Pick<OrderRow, "id" | "status" | "posTime">,
  to: OrderStatus,
  actor: string,
  at: Date,
  /** why (a staff cancel's reason), kept with the event */
  note = "",
): Promise<DishStock[]> {
  const taken = order.posTime === null && takesOrder(order.status, to);
  await tx
    .update(orders)
    .set(taken ? { status: to, posTime: at } : { status: to })
    .where(eq(orders.id, order.id));
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: to, actor, at, note });
  if (startsNewOrder(to)) await unfixVisitCard(tx, order.id);
  if (to !== ORDER_STATUS.cancelled) return [];
  // a voided line's stock went back when it was voided
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), isNull(orderLines.voidedAt)));
  return returnStock(tx, stockUnits(lines));
}

/**
 * After commit: tells the order's cart (its tablemates) type 12 with the new status and the cart,
 * every diner of the restaurant the stock a cancel gave back (type 20), and the staff's floor the move.
 */
export async function broadcastOrderStatus(
  deps: BaseDeps,
  order: Pick<OrderRow, "id" | "cartId" | "restaurantId" | "tableId">,
  status: OrderStatus,
  actor: string,
  stock: DishStock[] = [],
): Promise<void> {
  await publishStaff(deps.backplane, order.restaurantId, "floor", {
    type: "orderStatus",
    orderId: order.id,
    tableId: order.tableId,
    status,
    actor,
  });
  if (stock.length) {
    const message = stockMessage(order.restaurantId, stock);
    await deps.backplane.publish(restaurantTopic(order.restaurantId), JSON.stringify(message));
  }
  const [cart] = await deps.db.select({ id: carts.id }).from(carts).where(eq(carts.id, order.cartId));
  if (!cart) return;
  const message = orderStatusMessage(await cartState(deps.db, cart.id), actor, order.id, status);
  await deps.backplane.publish(cartTopic(cart.id), JSON.stringify(message));
}
