import {
  AppError,
  type BillClaimInput,
  type BillClaimRequest,
  type BillLineInput,
  type BillView,
  billView,
  centsToMoneyText,
  lineDues,
  OPEN_ORDER_STATUSES,
  ORDER_STATUS,
  type PayStart,
  planClaims,
  shareCents,
} from "@tablemate/core";
import { and, asc, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  billClaims,
  carts,
  orderLines,
  orders,
  payAttempts,
  payIntentOrders,
  payIntents,
  restaurants,
  tables,
  tableUsers,
  visits,
} from "../../db/schema.js";
import { ATTEMPT_TTL_MS, type PaymentDeps } from "../payment/deps.js";
import { attemptInFlight, cancelIntent } from "../payment/intents.js";
import { intentMoney } from "../payment/ledger.js";
import { type StartInput, startAttempt } from "../payment/start.js";
import { planPay } from "./member-plan.js";
import { releaseClaims } from "./shares.js";

/** How long a claimed line is held for its diner before tablemates may take it. */
export const CLAIM_HOLD_MS = 10 * 60_000;

type LineRow = typeof orderLines.$inferSelect;
type ClaimRow = typeof billClaims.$inferSelect;

/**
 * The diner's latest visit in the restaurant (their table's party): the open one, or with `ended`
 * the one that ended last when none is open (its bill settled under the phone); else 403 请先扫码入座.
 */
async function dinerVisit(db: Db | Tx, restaurantId: number, guid: string, { ended = false } = {}) {
  const [seat] = await db
    .select({ visitId: visits.id, tableId: tables.id, tableName: tables.name, endedAt: visits.endedAt })
    .from(tableUsers)
    .innerJoin(visits, eq(visits.id, tableUsers.visitId))
    .innerJoin(tables, eq(tables.id, visits.tableId))
    .where(
      and(
        eq(tableUsers.guid, guid),
        eq(tables.restaurantId, restaurantId),
        ended ? undefined : isNull(visits.endedAt),
      ),
    )
    // an open visit first: a diner who sat again after a settle is at the new party's table
    .orderBy(sql`${visits.endedAt} is null desc`, desc(visits.id))
    .limit(1);
  if (!seat) throw new AppError("notSeated");
  return seat;
}

/**
 * The visit's bill: every line of its open orders (or, of a settled visit, its settled ones) that is
 * charged (comped and voided lines are free) and not paid another way (an order paid as a whole, or a
 * takeout with a delivery fee, which is paid whole),
 * with who added it and what it comes to: its part of its order's due (billDues).
 */
async function billLines(
  tx: Db | Tx,
  visitId: number,
  now: Date,
  statuses: readonly number[] = OPEN_ORDER_STATUSES,
): Promise<Array<LineRow & { input: BillLineInput }>> {
  const rows = await tx
    .select({ line: orderLines, order: orders })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .leftJoin(payIntentOrders, and(eq(payIntentOrders.orderId, orders.id), eq(payIntentOrders.live, true)))
    .where(
      and(
        eq(carts.visitId, visitId),
        inArray(orders.status, [...statuses]),
        isNull(orderLines.compedAt),
        isNull(orderLines.voidedAt),
        isNull(payIntentOrders.intentId),
        // a takeout with its delivery fee is paid whole, first: its fee is no line to share
        eq(orders.deliveryFeeCents, 0),
      ),
    )
    .orderBy(asc(orderLines.id));
  const dues = await billDues(tx, visitId, rows, now);
  return rows
    .map(({ line }) => ({
      ...line,
      input: { lineId: line.id, totalCents: dues.get(line.id) ?? 0, addedBy: line.addedBy },
    }))
    .filter((l) => l.input.totalCents > 0);
}

/**
 * What each line of the bill comes to (issue 24: the split bill keeps the promotions): each order
 * group's orders on the bill priced by the discount pipeline as the order page prices them (member
 * prices and member day as placed, 满减; no payer's member money: a bill share pays none), and each
 * order's due allocated over its lines by their amounts (core's lineDues, largest remainder), so the
 * lines of an order sum exactly to its 待付 and every discount is shared in proportion.
 */
async function billDues(
  tx: Db | Tx,
  visitId: number,
  rows: ReadonlyArray<{ line: LineRow; order: typeof orders.$inferSelect }>,
  now: Date,
): Promise<Map<number, number>> {
  const dues = new Map<number, number>();
  if (rows.length === 0) return dues;
  const [restaurant] = await tx
    .select({ id: restaurants.id, serverVersion: restaurants.serverVersion, timezone: restaurants.timezone })
    .from(visits)
    .innerJoin(restaurants, eq(restaurants.id, visits.restaurantId))
    .where(eq(visits.id, visitId));
  if (!restaurant) return dues;
  const groups = new Map<number, Map<number, typeof orders.$inferSelect>>();
  for (const { order } of rows) {
    const mainId = order.mainOrderId ?? order.id;
    const group = groups.get(mainId) ?? new Map();
    group.set(order.id, order);
    groups.set(mainId, group);
  }
  for (const [mainId, group] of groups) {
    const placed = [...group.values()].sort((a, b) => a.id - b.id);
    const { result, perOrder } = await planPay(tx, {
      restaurant,
      mainId,
      placed,
      card: null,
      use: null,
      choice: { points: 0, storedValueCents: 0 },
      now,
    });
    const plainOf = new Map(result.lines.map((l) => [Number(l.key), l.plainCents]));
    for (const { orderId, payableCents } of perOrder) {
      const lines = rows
        .filter((r) => r.line.orderId === orderId)
        .map((r) => ({ lineId: r.line.id, plainCents: plainOf.get(r.line.id) ?? 0 }));
      for (const line of lineDues(payableCents, lines)) dues.set(line.lineId, line.dueCents);
    }
  }
  return dues;
}

/** The live claims: paid ones, and held ones still in their hold (or paying: an attempt in flight). */
async function liveClaims(tx: Db | Tx, visitId: number, now: Date) {
  return tx
    .select()
    .from(billClaims)
    .where(
      and(
        eq(billClaims.visitId, visitId),
        or(eq(billClaims.status, "paid"), and(eq(billClaims.status, "held"), gt(billClaims.heldUntil, now))),
      ),
    );
}

const claimInput = (c: ClaimRow): BillClaimInput => ({
  lineId: c.orderLineId,
  share: c.share,
  shares: c.shares,
  guid: c.guid,
  status: c.status === "paid" ? "paid" : "held",
});

function lineDetail(line: LineRow): string {
  return [line.normName, ...line.methodNames, ...line.additions.map((a) => a.name)]
    .filter(Boolean)
    .join("、");
}

/**
 * The bill as this diner sees it (core's billView over the visit's lines and live claims). A visit
 * that ended under the phone (its last share paid, or the cashier settled it) answers settled: what
 * it came to, all of it paid, nothing left to claim.
 */
export async function readBill(
  db: Db,
  restaurantId: number,
  guid: string,
  now: Date,
  test: boolean,
): Promise<BillView> {
  const seat = await dinerVisit(db, restaurantId, guid, { ended: true });
  const refunded = centsToMoneyText(await billRefundedCents(db, seat.visitId));
  if (seat.endedAt !== null) {
    const lines = await billLines(db, seat.visitId, now, [ORDER_STATUS.settled]);
    const total = centsToMoneyText(lines.reduce((sum, l) => sum + l.input.totalCents, 0));
    return {
      visitId: seat.visitId,
      tableName: seat.tableName,
      total,
      paid: total,
      left: centsToMoneyText(0),
      refunded,
      mine: centsToMoneyText(0),
      settled: true,
      test,
      lines: [],
    };
  }
  const [lines, claims] = await Promise.all([
    billLines(db, seat.visitId, now),
    liveClaims(db, seat.visitId, now),
  ]);
  const summary = billView(
    lines.map((l) => l.input),
    claims.map(claimInput),
    guid,
  );
  return {
    visitId: seat.visitId,
    tableName: seat.tableName,
    total: centsToMoneyText(summary.totalCents),
    paid: centsToMoneyText(summary.paidCents),
    left: centsToMoneyText(summary.leftCents),
    refunded,
    mine: centsToMoneyText(summary.mineCents),
    settled: false,
    test,
    lines: summary.lines.map((view) => {
      const line = lines.find((l) => l.id === view.lineId);
      return {
        lineId: view.lineId,
        orderId: line?.orderId ?? 0,
        name: line?.name ?? "",
        detail: line ? lineDetail(line) : "",
        count: String(Number(line?.count ?? 0)),
        total: centsToMoneyText(view.totalCents),
        mine: view.mine,
        shares: view.shares,
        claims: view.claims.map((c) => ({
          share: c.share,
          shares: c.shares,
          amount: centsToMoneyText(c.amountCents),
          status: c.status,
          mine: c.mine,
        })),
        left: centsToMoneyText(view.leftCents),
      };
    }),
  };
}

/** What the visit's bill parts had refunded, in cents: a sum over their refund events. */
async function billRefundedCents(db: Db, visitId: number): Promise<number> {
  const intents = await db
    .select({ id: payIntents.id })
    .from(payIntents)
    .where(and(eq(payIntents.kind, "bill"), eq(payIntents.visitId, visitId)));
  let refunded = 0;
  for (const m of (
    await intentMoney(
      db,
      intents.map((i) => i.id),
    )
  ).values())
    refunded += m.refundedCents;
  return refunded;
}

/**
 * Locks the visit (every claim change of a bill waits its turn) and lets go the holds that ran out,
 * but never one whose payment is in flight (its attempt pending and not expired).
 */
async function lockBill(tx: Tx, visitId: number, now: Date): Promise<void> {
  await tx.select({ id: visits.id }).from(visits).where(eq(visits.id, visitId)).for("update");
  const inFlight = tx
    .select({ intentId: payAttempts.intentId })
    .from(payAttempts)
    .where(and(eq(payAttempts.status, "pending"), gt(payAttempts.expiresAt, now)));
  await tx
    .update(billClaims)
    .set({ status: "released" })
    .where(
      and(
        eq(billClaims.visitId, visitId),
        eq(billClaims.status, "held"),
        lte(billClaims.heldUntil, now),
        or(isNull(billClaims.intentId), notInArray(billClaims.intentId, inFlight)),
      ),
    );
}

/** POST claims: hold (or let go of) shares of the bill's lines for this diner, as core's planClaims decides. */
export async function claimBill(
  deps: PaymentDeps,
  restaurantId: number,
  guid: string,
  request: BillClaimRequest["claims"],
  test: boolean,
): Promise<BillView> {
  const now = deps.now();
  const seat = await dinerVisit(deps.db, restaurantId, guid);
  await deps.db.transaction(async (tx) => {
    await lockBill(tx, seat.visitId, now);
    const [lines, claims] = await Promise.all([
      billLines(tx, seat.visitId, now),
      liveClaims(tx, seat.visitId, now),
    ]);
    const plan = planClaims(
      lines.map((l) => l.input),
      claims.map(claimInput),
      guid,
      request,
    );
    if (!plan.ok) throw new AppError(plan.error, plan.message);
    const heldUntil = new Date(now.getTime() + CLAIM_HOLD_MS);
    for (const line of plan.plans) {
      const mine = claims.filter(
        (c) => c.orderLineId === line.lineId && c.guid === guid && c.status === "held",
      );
      const released = mine.filter((c) =>
        line.release.some((r) => r.share === c.share && r.shares === c.shares),
      );
      if (released.some((c) => c.intentId !== null)) throw new AppError("payInFlight");
      await releaseClaims(tx, released);
      if (line.add.length) {
        await tx.insert(billClaims).values(
          line.add.map((a) => ({
            visitId: seat.visitId,
            orderLineId: line.lineId,
            share: a.share,
            shares: a.shares,
            guid,
            amountCents: a.amountCents,
            heldUntil,
            createdAt: now,
          })),
        );
      }
      // what stays held is held anew: choosing is slow at a table
      const kept = mine.filter((c) => !released.includes(c) && c.intentId === null);
      if (kept.length) {
        await tx
          .update(billClaims)
          .set({ heldUntil })
          .where(
            inArray(
              billClaims.id,
              kept.map((c) => c.id),
            ),
          );
      }
    }
  });
  return readBill(deps.db, restaurantId, guid, now, test);
}

/**
 * POST pay: pays this diner's held claims. Their intent is made once (the claims join it, held until
 * the attempt expires), or the one they already joined is paid again; one attempt in flight at a time.
 */
export async function payBill(deps: PaymentDeps, guid: string, input: StartInput): Promise<PayStart> {
  const now = deps.now();
  const seat = await dinerVisit(deps.db, input.restaurantId, guid);
  const intent = await deps.db.transaction(async (tx) => {
    await lockBill(tx, seat.visitId, now);
    const held = (await liveClaims(tx, seat.visitId, now)).filter(
      (c) => c.guid === guid && c.status === "held",
    );
    const mine = await repriced(tx, seat.visitId, held, now);
    if (mine.length === 0) throw new AppError("billNothingClaimed");
    const amountCents = mine.reduce((sum, c) => sum + c.amountCents, 0);
    const joined = mine.find((c) => c.intentId !== null)?.intentId ?? null;
    const loose = mine.filter((c) => c.intentId === null);
    const heldUntil = new Date(now.getTime() + ATTEMPT_TTL_MS);
    if (joined !== null && loose.length === 0) {
      const [open] = await tx
        .select()
        .from(payIntents)
        .where(and(eq(payIntents.id, joined), eq(payIntents.status, "open")));
      // the share started is paid again only while the bill still prices it the same
      if (open && open.amountCents === amountCents) {
        await tx.update(billClaims).set({ heldUntil }).where(eq(billClaims.intentId, open.id));
        return open;
      }
    }
    if (joined !== null) {
      // claims were added to a bill share already started, or the bill prices them anew (a comp, a
      // void): the earlier intent gives way to one over all of them as they are now
      if (await attemptInFlight(tx, joined, now)) throw new AppError("payInFlight");
      const [earlier] = await tx.select().from(payIntents).where(eq(payIntents.id, joined));
      if (earlier) await cancelIntent(tx, earlier, now);
    }
    const [made] = await tx
      .insert(payIntents)
      .values({
        restaurantId: input.restaurantId,
        kind: "bill",
        visitId: seat.visitId,
        payerGuid: guid,
        amountCents,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!made) throw new Error("intent insert returned nothing");
    await tx
      .update(billClaims)
      .set({ intentId: made.id, heldUntil })
      .where(
        inArray(
          billClaims.id,
          mine.map((c) => c.id),
        ),
      );
    return made;
  });
  return startAttempt(deps, intent, input);
}

/**
 * The diner's held claims priced as the bill is now, written: a claim on a line that left the bill
 * (comped, voided, paid as a whole order) is let go, unless its payment is in flight (4604); the
 * others take their share of the line's amount now (a comp or void re-allocates an order's discounts).
 */
async function repriced(tx: Tx, visitId: number, held: readonly ClaimRow[], now: Date): Promise<ClaimRow[]> {
  const lines = await billLines(tx, visitId, now);
  const kept: ClaimRow[] = [];
  for (const claim of held) {
    const line = lines.find((l) => l.id === claim.orderLineId);
    if (!line) {
      if (claim.intentId !== null && (await attemptInFlight(tx, claim.intentId, now)))
        throw new AppError("payInFlight");
      await tx.update(billClaims).set({ status: "released" }).where(eq(billClaims.id, claim.id));
      continue;
    }
    const amountCents = shareCents(line.input.totalCents, claim.share, claim.shares);
    if (amountCents !== claim.amountCents)
      await tx.update(billClaims).set({ amountCents }).where(eq(billClaims.id, claim.id));
    kept.push({ ...claim, amountCents });
  }
  return kept;
}

/** After a bill share was paid: the table settles once nothing is left to pay (the status 7 flow). */
export async function billLeftCents(db: Db, visitId: number, now: Date): Promise<number> {
  const [lines, claims] = await Promise.all([billLines(db, visitId, now), liveClaims(db, visitId, now)]);
  return billView(
    lines.map((l) => l.input),
    claims.map(claimInput),
    "",
  ).leftCents;
}

export async function visitTable(db: Db, visitId: number) {
  const [row] = await db
    .select({ tableId: tables.id, restaurantId: tables.restaurantId, endedAt: visits.endedAt })
    .from(visits)
    .innerJoin(tables, eq(tables.id, visits.tableId))
    .where(eq(visits.id, visitId));
  return row ?? null;
}

/**
 * The open orders a bill share's intent paid lines of: their tablemates hear type 12 (the status
 * as it is), so the bill and order pages on every phone read what is paid and what is left.
 */
export async function billShareOrders(db: Db, intentId: number) {
  return db
    .selectDistinct({
      id: orders.id,
      cartId: orders.cartId,
      restaurantId: orders.restaurantId,
      tableId: orders.tableId,
      status: orders.status,
    })
    .from(billClaims)
    .innerJoin(orderLines, eq(orderLines.id, billClaims.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(billClaims.intentId, intentId), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .orderBy(asc(orders.id));
}
