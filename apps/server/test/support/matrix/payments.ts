import { API } from "@tablemate/core";
import { asc, eq } from "drizzle-orm";
import { orders, payIntents, payRefunds, sandboxSwitches } from "../../../src/db/schema.js";
import { applyTradeWord } from "../../../src/modules/payment/apply.js";
import { startOrderPayment } from "../../../src/modules/settlement/order-intent.js";
import { managerApproval } from "./floor.js";
import type { MatrixContext, MatrixRow } from "./types.js";

/** An order placed and paid at the sandbox (its attempt started and the provider's word applied). */
async function paidOrder(ctx: MatrixContext, pay = true) {
  const { orderId } = await ctx.placedOrder();
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error("order missing");
  const start = await startOrderPayment(ctx.app.payments, orderId, {
    restaurantId: ctx.rid,
    guid: order.mainGuid,
    returnPath: "/pay/success",
    browserOrigin: "http://127.0.0.1",
    clientIp: "127.0.0.1",
    description: "矩阵",
  });
  if (pay) {
    const amountCents = Math.round(Number(start.amount) * 100);
    await applyTradeWord(ctx.app.payments, start.tradeNo, {
      kind: "paid",
      amountCents,
      providerTradeId: "M",
    });
  }
  const [intent] = await ctx.db.select().from(payIntents).where(eq(payIntents.orderId, orderId));
  return { orderId, tradeNo: start.tradeNo, intentId: intent?.id ?? 0 };
}

const moneyOf = async ({ db, rid }: MatrixContext) => ({
  intents: await db
    .select()
    .from(payIntents)
    .where(eq(payIntents.restaurantId, rid))
    .orderBy(asc(payIntents.id)),
  refunds: await db.select().from(payRefunds).orderBy(asc(payRefunds.id)),
  switches: await db.select().from(sandboxSwitches).where(eq(sandboxSwitches.restaurantId, rid)),
});

/** The console's payments (issue 18). */
export const PAYMENT_ROWS: MatrixRow[] = [
  {
    method: "GET",
    route: API.consolePayments(":rid"),
    permission: "payments.read",
    request: async (ctx) => ({
      url: `${API.consolePayments(ctx.rid)}?orderId=${(await paidOrder(ctx)).orderId}`,
    }),
    snapshot: moneyOf,
  },
  {
    method: "GET",
    route: API.consoleMoneyIssues(":rid"),
    permission: "payments.read",
    request: async ({ rid }) => ({ url: API.consoleMoneyIssues(rid) }),
    snapshot: moneyOf,
  },
  {
    method: "POST",
    route: API.consoleRefund(":rid", ":intentId"),
    permission: "payments.refund",
    request: async (ctx) => ({
      url: API.consoleRefund(ctx.rid, (await paidOrder(ctx)).intentId),
      payload: { amount: "0.01", reason: "矩阵", approval: await managerApproval(ctx) },
    }),
    snapshot: moneyOf,
  },
  {
    method: "POST",
    route: API.consoleRequery(":rid", ":tradeNo"),
    permission: "payments.refund",
    request: async (ctx) => ({ url: API.consoleRequery(ctx.rid, (await paidOrder(ctx, false)).tradeNo) }),
    snapshot: moneyOf,
    // asking the provider changes only what the provider says (it is the provider's word, not a person's)
    audits: false,
  },
  {
    method: "GET",
    route: API.consoleSandbox(":rid"),
    permission: "payments.read",
    request: async ({ rid }) => ({ url: API.consoleSandbox(rid) }),
    snapshot: moneyOf,
  },
  {
    method: "PUT",
    route: API.consoleSandbox(":rid"),
    permission: "settings.write",
    request: async ({ rid }) => ({ url: API.consoleSandbox(rid), payload: { delayMs: 10, duplicate: true } }),
    snapshot: moneyOf,
  },
];
