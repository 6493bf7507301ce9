import {
  AppError,
  centsToMoneyText,
  type DiscountStepView,
  ORDER_STATUS,
  type OrderPay,
  orderAccount,
  type PayAttempt,
  type PayView,
  withDeliveryFee,
} from "@tablemate/core";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { orders, payAttempts, payIntents, restaurants, tables } from "../../db/schema.js";
import { visibleOrder } from "../order/visible.js";
import { cents } from "../payment/intents.js";
import { intentMoney } from "../payment/ledger.js";
import type { ProviderRegistry } from "../payment/providers.js";
import { type GroupMemberMoney, groupMemberMoney, type PayRestaurant } from "./member-plan.js";
import { sharesByOrder } from "./shares.js";

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
  let concededCents = 0;
  for (const m of money.values()) {
    paidCents += m.paidCents;
    refundedCents += m.refundedCents;
    concededCents += m.concededCents;
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
      money: centsToMoneyText(a.amountCents),
      paid: a.status === "paid",
      test: a.test,
      mine: viewerGuid !== "" && payerOf.get(a.intentId) === viewerGuid,
    }));
  const inFlight = attempts.some((a) => a.status === "pending");
  return {
    paidCents,
    refundedCents,
    concededCents,
    netCents: paidCents - refundedCents,
    wechatCents,
    pays,
    inFlight,
  };
}

/** An order group's money, every screen's figures (the /pay view, the order detail, the floor, the console's order). */
export interface GroupAccount {
  /** the live orders' total before discounts (their goods) */
  totalCents: number;
  /** the live orders' delivery fees (a takeout's), which no discount reduces */
  feeCents: number;
  /**
   * what they owe: the total less member prices, 满减 and coupons, plus the fee, less what staff gave
   * back for good (a staff refund: not asked again); 0 for a cancelled order
   */
  owedCents: number;
  /** captured: whole-order payments with stored value, and bill shares paid on the group's lines */
  capturedCents: number;
  /** refunded of the whole-order payments */
  refundedCents: number;
  /** what counts as paid, core's orderAccount: captured less refunded */
  paidCents: number;
  /** what a whole-order payment may still ask (held shares are being paid by tablemates) */
  dueCents: number;
  /** what the table still owes for it: owed less paid, held shares included */
  leftCents: number;
  sharesHeldCents: number;
  payments: Awaited<ReturnType<typeof groupPayments>>;
  member: GroupMemberMoney;
}

/**
 * The one rule every screen reads an order group's money by (issue 24): its orders' total, what
 * member money and discounts take off (member-plan.ts), a takeout's delivery fee (never discounted:
 * core's withDeliveryFee), its whole payments (stored value counted as paid) and its tablemates' bill
 * shares on its lines, put together by core's orderAccount.
 */
export async function groupAccount(
  db: Db,
  at: { restaurant: PayRestaurant; mainId: number; guid: string; now: Date },
): Promise<GroupAccount> {
  const group = (
    await db
      .select()
      .from(orders)
      .where(or(eq(orders.id, at.mainId), eq(orders.mainOrderId, at.mainId)))
  ).filter((o) => o.status !== ORDER_STATUS.cancelled);
  const totalCents = group.reduce((sum, o) => sum + cents(o.totalPrice), 0);
  const [payments, member, byOrder] = await Promise.all([
    groupPayments(db, at.mainId, at.guid),
    groupMemberMoney(db, at),
    sharesByOrder(
      db,
      group.map((o) => o.id),
      at.now,
    ),
  ]);
  const charge = withDeliveryFee(
    { plainCents: totalCents, payableCents: totalCents - member.discountCents },
    group.reduce((sum, o) => sum + o.deliveryFeeCents, 0),
  );
  const owedCents = Math.max(0, charge.payableCents - payments.concededCents);
  const account = orderAccount({
    owedCents,
    shares: [...byOrder.values()].flat(),
    wholeNetCents: payments.netCents + member.storedCents,
  });
  return {
    totalCents,
    feeCents: charge.feeCents,
    owedCents,
    capturedCents: payments.paidCents + member.storedCents + account.sharesPaidCents,
    refundedCents: payments.refundedCents,
    paidCents: account.paidCents,
    dueCents: account.dueCents,
    leftCents: Math.max(0, owedCents - account.paidCents),
    sharesHeldCents: account.sharesHeldCents,
    payments,
    member,
  };
}

/**
 * GET pay view: the order group's total, discounts and payments as the server computes them
 * (groupAccount): what member money took off its paid orders and what the unpaid ones get by
 * themselves (member prices, 满减; member-plan.ts), stored value counted as paid.
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
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw new AppError("restaurantNotFound");
  const [table] = await db.select().from(tables).where(eq(tables.id, order.tableId));
  const provider = await providers.forRestaurant(restaurantId);
  const account = await groupAccount(db, { restaurant, mainId, guid, now });
  const { payments, member } = account;
  const paying = payments.inFlight || account.sharesHeldCents > 0;
  const state =
    account.dueCents > 0
      ? payments.inFlight
        ? "paying"
        : "unpaid"
      : account.paidCents < account.owedCents && paying
        ? "paying"
        : "paid";
  const discounts = member.steps.map(discountView);
  return {
    orderId: mainId,
    restaurantName: restaurant.name,
    tableName: table?.name ?? "",
    total: centsToMoneyText(account.totalCents),
    deliveryFee: centsToMoneyText(account.feeCents),
    discounts,
    paid: centsToMoneyText(account.capturedCents),
    storedValue: centsToMoneyText(member.storedCents),
    refunded: centsToMoneyText(payments.refundedCents),
    due: centsToMoneyText(account.dueCents),
    // paid more than owed reads as paid to the diner (the excess is refunded by itself)
    state,
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
    provider: row.attempt.provider,
    paidWith: {
      gateway: centsToMoneyText(row.attempt.amountCents),
      storedValue: centsToMoneyText(row.intent.storedCents),
      discounts: row.intent.steps.map(discountView),
    },
  };
}

/** A discount step as /pay and /pay/success show it: its words and its amount in yuan. */
function discountView(step: DiscountStepView): PayView["discounts"][number] {
  return { kind: step.kind, label: step.label, amount: centsToMoneyText(step.cents) };
}
