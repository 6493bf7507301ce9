import {
  AppError,
  centsToMoneyText,
  intentState,
  ORDER_STATUS,
  type OrderPay,
  type PayAttempt,
  type PayView,
} from "@tablemate/core";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orders, payAttempts, payIntents, restaurants, tables } from "../../db/schema.js";
import { visibleOrder } from "../order/orders.js";
import { cents } from "./intents.js";
import { intentMoney } from "./ledger.js";
import { groupMemberMoney } from "./member-plan.js";
import type { ProviderRegistry } from "./providers.js";

const PAY_TYPE_TEXT = { sandbox: "测试支付", wechat: "微信支付", alipay: "支付宝" } as const;

/** What an order group's payments come to, for its detail (as `viewerGuid` sees it) and /pay. */
export async function groupPayments(db: Db, mainOrderId: number, viewerGuid = "") {
  const intents = await db
    .select()
    .from(payIntents)
    .where(and(eq(payIntents.kind, "order"), eq(payIntents.orderId, mainOrderId)))
    .orderBy(asc(payIntents.id));
  const money = await intentMoney(
    db,
    intents.map((i) => i.id),
  );
  const attempts = intents.length
    ? await db
        .select()
        .from(payAttempts)
        .where(
          inArray(
            payAttempts.intentId,
            intents.map((i) => i.id),
          ),
        )
        .orderBy(asc(payAttempts.id))
    : [];
  let paidCents = 0;
  let refundedCents = 0;
  for (const m of money.values()) {
    paidCents += m.paidCents;
    refundedCents += m.refundedCents;
  }
  const wechatCents = attempts
    .filter((a) => a.provider === "wechat" && a.status === "paid")
    .reduce((s, a) => s + a.amountCents, 0);
  const payerOf = new Map(intents.map((i) => [i.id, i.payerGuid]));
  const pays: OrderPay[] = attempts
    .filter((a) => a.status === "paid" || a.status === "pending")
    .map((a) => ({
      payId: a.id,
      payType: PAY_TYPE_TEXT[a.provider],
      money: a.amountCents / 100,
      paid: a.status === "paid",
      test: a.test,
      mine: viewerGuid !== "" && payerOf.get(a.intentId) === viewerGuid,
    }));
  const inFlight = attempts.some((a) => a.status === "pending");
  return { paidCents, refundedCents, netCents: paidCents - refundedCents, wechatCents, pays, inFlight };
}

/**
 * GET pay view: the order group's total, discounts and payments as the server computes them: what
 * member money took off its paid orders and what the unpaid ones get by themselves (member prices,
 * 满减; member-plan.ts), stored value counted as paid.
 */
export async function payView(
  db: Db,
  providers: ProviderRegistry,
  orderId: number,
  restaurantId: number,
  guid: string,
  now: Date,
): Promise<PayView> {
  const { order } = await visibleOrder(db, orderId, restaurantId, guid);
  const mainId = order.mainOrderId ?? order.id;
  const group = await db
    .select()
    .from(orders)
    .where(or(eq(orders.id, mainId), eq(orders.mainOrderId, mainId)));
  const totalCents = group
    .filter((o) => o.status !== ORDER_STATUS.cancelled)
    .reduce((sum, o) => sum + cents(o.totalPrice), 0);
  const payments = await groupPayments(db, mainId);
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw new AppError("restaurantNotFound");
  const [table] = await db.select().from(tables).where(eq(tables.id, order.tableId));
  const provider = await providers.forRestaurant(restaurantId);
  const member = await groupMemberMoney(db, { restaurant, mainId, guid, now });
  const paidCents = payments.paidCents + member.storedCents;
  const money = intentState({
    amountCents: totalCents - member.discountCents,
    events: [
      { kind: "paid", amountCents: paidCents },
      { kind: "refunded", amountCents: payments.refundedCents },
    ],
    attempts: payments.inFlight ? [{ status: "pending" }] : [],
  });
  const discounts = member.steps.map((step) => ({
    kind: step.kind,
    label: step.label,
    amount: centsToMoneyText(step.cents),
  }));
  return {
    orderId: mainId,
    restaurantName: restaurant.name,
    tableName: table?.name ?? "",
    total: centsToMoneyText(totalCents),
    discounts,
    paid: centsToMoneyText(paidCents),
    refunded: centsToMoneyText(payments.refundedCents),
    due: centsToMoneyText(money.dueCents),
    // paid more than owed reads as paid to the diner (the excess is refunded by itself)
    state: money.state === "overpaid" ? "paid" : money.state,
    provider: provider.name,
    test: provider.test,
    member: member.member,
    memberPay: member.memberPay,
  };
}

/** An attempt as its payer's return page reads it; another restaurant's trade is not found. */
export async function attemptView(
  db: Db,
  tradeNo: string,
  restaurantId: number,
  guid: string,
): Promise<PayAttempt> {
  const [row] = await db
    .select({ attempt: payAttempts, intent: payIntents })
    .from(payAttempts)
    .innerJoin(payIntents, eq(payIntents.id, payAttempts.intentId))
    .where(and(eq(payAttempts.tradeNo, tradeNo), eq(payAttempts.restaurantId, restaurantId)));
  if (!row) throw new AppError("notFound", "支付记录不存在");
  if (row.intent.kind === "order" && row.intent.orderId !== null) {
    // the order's diners may read it (the payer, or a tablemate at the same visit); nobody else
    await visibleOrder(db, row.intent.orderId, restaurantId, guid);
  } else if (row.intent.payerGuid !== guid) {
    throw new AppError("notFound", "支付记录不存在");
  }
  return {
    tradeNo: row.attempt.tradeNo,
    status: row.attempt.status,
    amount: centsToMoneyText(row.attempt.amountCents),
    test: row.attempt.test,
    orderId: row.intent.orderId,
  };
}
