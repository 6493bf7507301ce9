import { type ConsolePayment, centsToMoneyText, type MoneyIssue, type PayProvider } from "@tablemate/core";
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  carts,
  orders,
  payAttempts,
  payInbox,
  payIntents,
  payRefunds,
  tables,
  visits,
} from "../../db/schema.js";
import { intentMoney } from "./ledger.js";

/** How long a refund may stay pending before a person is asked to look. */
export const REFUND_STUCK_MS = 10 * 60_000;
/** How far back the money list looks. */
const ISSUES_SINCE_MS = 7 * 24 * 60 * 60_000;

/** The intents of an order's group, or of a table's open (else last) visit (its orders' and its bill shares'). */
async function intentsFor(db: Db, rid: number, query: { orderId?: number; tableId?: number }) {
  if (query.orderId !== undefined) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, query.orderId), eq(orders.restaurantId, rid)));
    if (!order) return [];
    return db
      .select()
      .from(payIntents)
      .where(and(eq(payIntents.restaurantId, rid), eq(payIntents.orderId, order.mainOrderId ?? order.id)))
      .orderBy(asc(payIntents.id));
  }
  const [visit] = await db
    .select({ id: visits.id })
    .from(visits)
    .innerJoin(tables, eq(tables.id, visits.tableId))
    .where(and(eq(visits.tableId, query.tableId ?? 0), eq(tables.restaurantId, rid)))
    // the open visit, else the one settled last: a share refunded after the settle stays in sight
    .orderBy(sql`${visits.endedAt} is null desc`, desc(visits.id))
    .limit(1);
  if (!visit) return [];
  const mains = db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .where(and(eq(carts.visitId, visit.id), isNull(orders.mainOrderId)));
  return db
    .select()
    .from(payIntents)
    .where(
      and(
        eq(payIntents.restaurantId, rid),
        or(eq(payIntents.visitId, visit.id), inArray(payIntents.orderId, mains)),
      ),
    )
    .orderBy(asc(payIntents.id));
}

/** The payments staff see for an order or a table: each intent with its attempts and refunds. */
export async function consolePayments(
  db: Db,
  rid: number,
  query: { orderId?: number; tableId?: number },
): Promise<ConsolePayment[]> {
  const intents = await intentsFor(db, rid, query);
  if (intents.length === 0) return [];
  const ids = intents.map((i) => i.id);
  const [money, attempts, refunds] = await Promise.all([
    intentMoney(db, ids),
    db.select().from(payAttempts).where(inArray(payAttempts.intentId, ids)).orderBy(asc(payAttempts.id)),
    db.select().from(payRefunds).where(inArray(payRefunds.intentId, ids)).orderBy(asc(payRefunds.id)),
  ]);
  const tableNames = await tableNamesOf(db, intents);
  return intents.map((intent) => {
    const m = money.get(intent.id) ?? { paidCents: 0, refundedCents: 0 };
    const own = attempts.filter((a) => a.intentId === intent.id);
    return {
      intentId: intent.id,
      orderId: intent.orderId,
      visitId: intent.visitId,
      tableName: tableNames.get(intent.id) ?? "",
      amount: centsToMoneyText(intent.amountCents),
      paid: centsToMoneyText(m.paidCents),
      refunded: centsToMoneyText(m.refundedCents),
      status: intent.status,
      test: own.some((a) => a.test),
      attempts: own.map((a) => ({
        tradeNo: a.tradeNo,
        provider: a.provider,
        amount: centsToMoneyText(a.amountCents),
        status: a.status,
        createdAt: a.createdAt.toISOString(),
      })),
      refunds: refunds
        .filter((r) => r.intentId === intent.id)
        .map((r) => ({
          refundNo: r.refundNo,
          amount: centsToMoneyText(r.amountCents),
          status: r.status,
          reason: r.reason,
          approvedBy: r.approvedBy,
          createdAt: r.createdAt.toISOString(),
        })),
    };
  });
}

async function tableNamesOf(
  db: Db,
  intents: Array<typeof payIntents.$inferSelect>,
): Promise<Map<number, string>> {
  const orderIds = intents.flatMap((i) => (i.orderId === null ? [] : [i.orderId]));
  const visitIds = intents.flatMap((i) => (i.visitId === null ? [] : [i.visitId]));
  const byOrder = orderIds.length
    ? await db
        .select({ id: orders.id, name: tables.name })
        .from(orders)
        .innerJoin(tables, eq(tables.id, orders.tableId))
        .where(inArray(orders.id, orderIds))
    : [];
  const byVisit = visitIds.length
    ? await db
        .select({ id: visits.id, name: tables.name })
        .from(visits)
        .innerJoin(tables, eq(tables.id, visits.tableId))
        .where(inArray(visits.id, visitIds))
    : [];
  const names = new Map<number, string>();
  for (const intent of intents) {
    const name =
      byOrder.find((o) => o.id === intent.orderId)?.name ??
      byVisit.find((v) => v.id === intent.visitId)?.name;
    if (name) names.set(intent.id, name);
  }
  return names;
}

/**
 * The money that needs a person: notifications refused after verification (paid at the provider but
 * not applied: a wrong amount, an unknown trade), notifications that failed verification, refunds
 * pending too long or failed, and intents paid more than they owe.
 */
export async function moneyIssues(db: Db, rid: number, now: Date): Promise<MoneyIssue[]> {
  const since = new Date(now.getTime() - ISSUES_SINCE_MS);
  const [inbox, refunds, paidIntents] = await Promise.all([
    db
      .select()
      .from(payInbox)
      .where(and(eq(payInbox.restaurantId, rid), gt(payInbox.receivedAt, since)))
      .orderBy(desc(payInbox.id))
      .limit(200),
    db
      .select()
      .from(payRefunds)
      .innerJoin(payIntents, eq(payIntents.id, payRefunds.intentId))
      .where(
        and(
          eq(payIntents.restaurantId, rid),
          or(
            eq(payRefunds.status, "failed"),
            and(
              eq(payRefunds.status, "pending"),
              lt(payRefunds.createdAt, new Date(now.getTime() - REFUND_STUCK_MS)),
            ),
          ),
        ),
      ),
    db
      .select()
      .from(payIntents)
      .where(
        and(eq(payIntents.restaurantId, rid), eq(payIntents.status, "paid"), gt(payIntents.updatedAt, since)),
      ),
  ]);
  const issues: MoneyIssue[] = [];
  const refused = inbox.filter((row) => row.outcome.startsWith("refused"));
  const tradeNos = [...new Set(refused.flatMap((row) => (row.tradeNo ? [row.tradeNo] : [])))];
  const attempts = tradeNos.length
    ? await db.select().from(payAttempts).where(inArray(payAttempts.tradeNo, tradeNos))
    : [];
  for (const row of refused) {
    const attempt = attempts.find((a) => a.tradeNo === row.tradeNo);
    // applied since (a query of the provider, a later notification): nothing needs a person any more
    if (attempt?.status === "paid") continue;
    issues.push({
      kind: row.verified ? "unapplied" : "unverified",
      at: row.receivedAt.toISOString(),
      tradeNo: row.tradeNo,
      refundNo: null,
      intentId: attempt?.intentId ?? null,
      amount: attempt ? centsToMoneyText(attempt.amountCents) : null,
      detail: `${PROVIDER_TEXT[row.provider as PayProvider] ?? row.provider}：${refusalText(row.outcome)}`,
    });
  }
  for (const { pay_refunds: refund } of refunds) {
    issues.push({
      kind: "refundStuck",
      at: refund.createdAt.toISOString(),
      tradeNo: null,
      refundNo: refund.refundNo,
      intentId: refund.intentId,
      amount: centsToMoneyText(refund.amountCents),
      detail:
        refund.status === "failed"
          ? `退款失败：${refund.reason}`
          : `退款处理中超过 10 分钟：${refund.reason}`,
    });
  }
  const money = await intentMoney(
    db,
    paidIntents.map((i) => i.id),
  );
  for (const intent of paidIntents) {
    const m = money.get(intent.id);
    const over = m ? m.paidCents - m.refundedCents - intent.amountCents : 0;
    if (over <= 0) continue;
    issues.push({
      kind: "overpaid",
      at: intent.updatedAt.toISOString(),
      tradeNo: null,
      refundNo: null,
      intentId: intent.id,
      amount: centsToMoneyText(over),
      detail: "多收款项（自动退款未完成）",
    });
  }
  return issues.sort((a, b) => (a.at < b.at ? 1 : -1));
}

const PROVIDER_TEXT: Record<PayProvider, string> = { sandbox: "沙箱", wechat: "微信支付", alipay: "支付宝" };

/** Why a notification was refused, in words for staff (the provider's own reason kept in brackets). */
function refusalText(outcome: string): string {
  const reason = outcome.replace(/^refused: /, "");
  const mismatch = /^(?:refund )?amount mismatch: (\d+) for (\d+)$/.exec(reason);
  if (mismatch) {
    return `通知金额 ¥${centsToMoneyText(Number(mismatch[1]))} 与应收 ¥${centsToMoneyText(Number(mismatch[2]))} 不符，未入账`;
  }
  if (reason === "unknown trade") return "通知的交易号不是本店的支付，未入账";
  if (reason === "unknown refund") return "通知的退款单号不存在";
  if (/stale|timestamp/i.test(reason)) return `通知时间戳超出允许范围，已拒收（${reason}）`;
  if (/signature|sign/i.test(reason)) return `通知签名无效，已拒收（${reason}）`;
  return `通知未通过校验，已拒收（${reason}）`;
}
