import {
  AppError,
  centsToMoneyText,
  dinerMayCancel,
  estimatedArrival,
  isSettled,
  ORDER_STATUS,
  type OrderCancellation,
  type OrderDetail,
  type OrderSummary,
  orderNumber,
  PAID_NO_CANCEL_TEXT,
  pickUpNumber,
  roundMoney,
} from "@tablemate/core";
import Big from "big.js";
import { and, asc, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orderEvents, orderLines, orders, restaurants, tables } from "../../db/schema.js";
import type { RefundingDeps } from "../../deps.js";
import { sendToKitchen } from "../kitchen/tickets.js";
import { orderIsPaid, settleCancelledOrder } from "../settlement/order-cancel.js";
import { groupAccount } from "../settlement/present.js";
import { isStaffActor } from "../staff/auth.js";
import { broadcastOrderStatus, writeStatusMove } from "./status.js";
import { visibleOrder, visibleTo } from "./visible.js";

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

const money = (value: Big | string | number) => roundMoney(value).toFixed(2);

/** The one place an order becomes the wire's order detail (spec 001 §3), with the orders added to it. */
export async function orderDetail(
  db: Db,
  orderId: number,
  restaurantId: number,
  guid: string,
  now: Date,
): Promise<OrderDetail> {
  const { order } = await visibleOrder(db, orderId, restaurantId, guid);
  const group = await db
    .select()
    .from(orders)
    .where(or(eq(orders.id, order.id), eq(orders.mainOrderId, order.id)))
    .orderBy(asc(orders.id));
  const isCancelled = (o: OrderRow) => o.status === ORDER_STATUS.cancelled;
  const live = group.filter((o) => !isCancelled(o));
  const cancelled = group.filter(isCancelled);
  // every order's lines, the cancelled ones' too: a cancelled order still shows what it was
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        group.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderLines.id));
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, order.restaurantId));
  const [table] = await db.select().from(tables).where(eq(tables.id, order.tableId));
  const total = live.reduce((sum, o) => sum.plus(o.totalPrice), new Big(0));
  const vipTotal = live.reduce((sum, o) => sum.plus(o.vipTotalPrice), new Big(0));
  const cancelledIds = new Set(cancelled.map((o) => o.id));
  const liveLines = lines.filter((l) => !cancelledIds.has(l.orderId) && l.voidedAt === null);
  const cancelEvents = cancelled.length
    ? await db
        .select()
        .from(orderEvents)
        .where(
          and(
            inArray(
              orderEvents.orderId,
              cancelled.map((o) => o.id),
            ),
            eq(orderEvents.toStatus, ORDER_STATUS.cancelled),
          ),
        )
    : [];
  const zero = money(0);
  // the group's money by the one rule every screen reads (settlement/present.ts groupAccount)
  if (!restaurant) throw new AppError("restaurantNotFound");
  const account = await groupAccount(db, { restaurant, mainId: order.id, guid, now });
  const { payments, member } = account;
  const discount = centsToMoneyText(member.discountCents);
  const stepsOf = (kind: string) =>
    centsToMoneyText(member.steps.filter((s) => s.kind === kind).reduce((n, s) => n + s.cents, 0));
  // settled at the register: what it charged is paid, and nothing is left to pay here; else what counts
  // as paid (whole payments with stored value, and tablemates' bill shares) and what is left to pay
  // (a share being paid is still to pay until it is)
  const charged = total.plus(centsToMoneyText(account.feeCents));
  const paid = isSettled(order.status) ? money(charged) : centsToMoneyText(account.paidCents);
  const due = isSettled(order.status) ? zero : centsToMoneyText(account.leftCents);
  return {
    orderId: order.id,
    wxId: order.mainGuid,
    mainWxId: order.mainGuid,
    num: orderNumber(order.id),
    posBillId: "",
    totalPaidMoney: paid,
    restaurant: { restaurantId: order.restaurantId, restaurantName: restaurant.name },
    tableId: order.tableId,
    tableName: table?.name ?? "",
    // a voided line (退菜) shows as a cancelled one: struck through, counting for nothing
    dishOrders: lines.map((line) =>
      presentLine(line, cancelledIds.has(line.orderId) || line.voidedAt !== null),
    ),
    pays: payments.pays,
    status: order.status,
    orderNeedMoney: due,
    orderVipNeedMoney: money(vipTotal),
    orderTotalPrice: money(total),
    orderRecieveMoney: paid,
    orderWeChatMoney: centsToMoneyText(payments.wechatCents),
    orderRefundMoney: centsToMoneyText(payments.refundedCents),
    orderRedMoney: zero,
    orderCouponMoney: stepsOf("coupon"),
    orderDiscount: discount,
    orderServiceMoney: zero,
    orderWipeMoney: zero,
    orderSubmitTime: order.createdAt.toISOString(),
    posTime: order.posTime?.toISOString() ?? null,
    openTime: (group[0] ?? order).createdAt.toISOString(),
    eatType: order.eatType,
    chargeMoney: money(charged),
    vipId: member.member ? String(member.member.cardId) : "",
    paymentType: order.paymentType,
    foodCount: liveLines.reduce((n, l) => n + Math.ceil(Number(l.count)), 0),
    prePrint: false,
    orderDiffMoney: money(total.minus(vipTotal)),
    payment: order.paymentType === 1 ? "prepay" : "later",
    payingOrderType: 0,
    posCancelCode: "",
    cancelOrders: cancelEvents.map((e) => presentCancellation(e, cancelled)),
    reserve: order.reserve ?? null,
    takeout: order.eatType === "takeout",
    deliveryFee: centsToMoneyText(account.feeCents),
    estimatedArrival:
      order.deliveryMinutes !== null
        ? estimatedArrival(
            order.createdAt,
            order.deliveryMinutes,
            restaurant.timezone,
            order.reserve?.time || null,
          )
        : null,
    fastSerialNo: pickUpNumber(order.fastSerialNo),
    invoiceTitle: order.invoiceTitle,
    personNum: order.personNum,
    wholeMemo: order.wholeMemo,
    mainOrderId: order.mainOrderId,
    held: order.held && order.status === ORDER_STATUS.placed,
    fulfilment: order.fulfilment,
    calledCount: order.calledCount,
    member: member.member,
  };
}

/** A cancel event as the diner reads it: a staff actor is shown only as the restaurant. */
function presentCancellation(
  event: typeof orderEvents.$inferSelect,
  cancelled: readonly OrderRow[],
): OrderCancellation {
  const byStaff = isStaffActor(event.actor);
  const order = cancelled.find((o) => o.id === event.orderId);
  return {
    orderId: event.orderId,
    at: event.at.toISOString(),
    by: byStaff ? "restaurant" : "diner",
    actorId: byStaff ? "" : event.actor,
    reason: byStaff ? event.note : "",
    total: money(order?.totalPrice ?? 0),
  };
}

function presentLine(line: LineRow, cancelled: boolean): OrderDetail["dishOrders"][number] {
  return {
    id: line.id,
    foodId: line.foodId,
    dishesName: line.name,
    detailId: line.detailId,
    normName: line.normName,
    methodNames: line.methodNames,
    additions: line.additions,
    parts: line.parts,
    count: String(Number(line.count)),
    unit: line.unit,
    price: money(line.unitPrice),
    vipPrice: money(line.vipUnitPrice),
    total: money(line.total),
    memo: line.memo,
    orderId: line.orderId,
    cancelled,
  };
}

/** A diner's orders in a restaurant, newest first: their own and those of the visits they sat at. */
export async function orderList(db: Db, restaurantId: number, guid: string) {
  const rows = await latestOrders(db, restaurantId, visibleTo(guid), 50);
  return rows.map(({ order, tableName }) => orderSummary(order, tableName));
}

/** A restaurant's orders that `where` picks, newest first, with their table's name. */
export function latestOrders(db: Db, restaurantId: number, where: SQL | undefined, limit: number) {
  return db
    .select({ order: orders, tableName: tables.name })
    .from(orders)
    .innerJoin(tables, eq(orders.tableId, tables.id))
    .where(and(eq(orders.restaurantId, restaurantId), where))
    .orderBy(desc(orders.id))
    .limit(limit);
}

/** An order as a list shows it (the diner's orders, the staff's). */
export function orderSummary(order: OrderRow, tableName: string): OrderSummary {
  return {
    orderId: order.id,
    status: order.status,
    tableName,
    orderTotalPrice: money(order.totalPrice),
    orderSubmitTime: order.createdAt.toISOString(),
    mainOrderId: order.mainOrderId,
    fastSerialNo: pickUpNumber(order.fastSerialNo),
  };
}

/**
 * Cancels an order not yet taken by the kitchen: its stock goes back, the change is written with
 * who and when, and tablemates hear type 12 with status 4. A paying order answers 2000.
 */
export async function cancelOrder(
  deps: RefundingDeps,
  orderId: number,
  restaurantId: number,
  guid: string,
): Promise<void> {
  const { order, visitOpen } = await visibleOrder(deps.db, orderId, restaurantId, guid);
  if (!visitOpen) throw new AppError("visitEnded");
  const { stock, refunds } = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    if (!locked) throw new AppError("notFound", "订单不存在");
    if (locked.status !== ORDER_STATUS.placed) throw new AppError("cancelFailed");
    const paid = await orderIsPaid(tx, locked.id);
    if (!dinerMayCancel({ ...locked, paid })) throw new AppError("cancelFailed", PAID_NO_CANCEL_TEXT);
    // a payment in flight refuses (2000); a paid order's money goes back
    const refunds = await settleCancelledOrder(tx, locked.id, guid, deps.now());
    return { stock: await writeStatusMove(tx, locked, ORDER_STATUS.cancelled, guid, deps.now()), refunds };
  });
  await deps.sendRefunds(refunds);
  await broadcastOrderStatus(deps, order, ORDER_STATUS.cancelled, guid, stock);
  // the stations that got its lines (a placed order with no gate is the kitchen's) get a cancel ticket
  await sendToKitchen(deps, order.id);
}
