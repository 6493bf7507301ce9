import { randomUUID } from "node:crypto";
import { MSG, ORDER_STATUS, type OrderStatus, type TableMessage, takesOrder } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { carts, orderEvents, orderLines, orders } from "../../db/schema.js";
import { cartTopic } from "../../realtime/hub.js";
import { cartState, type Tx } from "../cart/cart-state.js";
import type { CartDeps } from "../cart/operate.js";
import { returnDishStock } from "./stock.js";

type OrderRow = typeof orders.$inferSelect;

/**
 * Writes one status move of an order its caller has locked and checked: the status (and posTime when
 * the restaurant first takes it), an event with who and when, and for a cancel its dish stock back.
 */
export async function writeStatusMove(
  tx: Tx,
  order: Pick<OrderRow, "id" | "status" | "posTime">,
  to: OrderStatus,
  actor: string,
  at: Date,
): Promise<void> {
  const taken = order.posTime === null && takesOrder(order.status, to);
  await tx
    .update(orders)
    .set(taken ? { status: to, posTime: at } : { status: to })
    .where(eq(orders.id, order.id));
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: to, actor, at });
  if (to === ORDER_STATUS.cancelled) await returnOrderStock(tx, order.id);
}

async function returnOrderStock(tx: Tx, orderId: number): Promise<void> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const back = new Map<number, number>();
  for (const line of lines)
    back.set(line.foodId, (back.get(line.foodId) ?? 0) + Math.ceil(Number(line.count)));
  await returnDishStock(tx, back);
}

/** After commit: tells the order's cart (its tablemates) type 12 with the new status and the cart. */
export async function broadcastOrderStatus(
  deps: CartDeps,
  order: Pick<OrderRow, "id" | "cartId">,
  status: OrderStatus,
  actor: string,
): Promise<void> {
  const [cart] = await deps.db.select({ id: carts.id }).from(carts).where(eq(carts.id, order.cartId));
  if (!cart) return;
  const state = await cartState(deps.db, cart.id);
  const message: TableMessage = {
    type: MSG.orderStatus,
    code: 1000,
    socketId: randomUUID(),
    version: state.version,
    cart: state,
    actor: { guid: actor, name: "" },
    status,
    userId: actor,
    orderId: order.id,
  };
  await deps.backplane.publish(cartTopic(cart.id), JSON.stringify(message));
}
