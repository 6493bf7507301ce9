import {
  AppError,
  type BillClaimInput,
  type BillClaimRequest,
  type BillLineInput,
  type BillView,
  billView,
  centsToMoneyText,
  OPEN_ORDER_STATUSES,
  ORDER_STATUS,
  type PayStart,
  planClaims,
} from "@tablemate/core";
import { and, asc, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  billClaims,
  carts,
  orderLines,
  orders,
  payAttempts,
  payIntentOrders,
  payIntents,
  tables,
  tableUsers,
  visits,
} from "../../db/schema.js";
import type { Tx } from "../cart/cart-state.js";
import { ATTEMPT_TTL_MS, type PaymentDeps } from "./deps.js";
import { attemptInFlight, cancelIntent, cents } from "./intents.js";
import { type StartInput, startAttempt } from "./start.js";

/** How long a claimed line is held for its diner before tablemates may take it. */
export const CLAIM_HOLD_MS = 10 * 60_000;

type LineRow = typeof orderLines.$inferSelect;

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
 * charged (comped lines are free) and not paid another way (an order paid as a whole), with who
 * added it.
 */
async function billLines(
  tx: Db | Tx,
  visitId: number,
  statuses: readonly number[] = OPEN_ORDER_STATUSES,
): Promise<Array<LineRow & { input: BillLineInput }>> {
  const rows = await tx
    .select({ line: orderLines })
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
      ),
    )
    .orderBy(asc(orderLines.id));
  return rows
    .map(({ line }) => ({
      ...line,
      input: { lineId: line.id, totalCents: cents(line.total), addedBy: line.addedBy },
    }))
    .filter((l) => l.input.totalCents > 0);
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

const claimInput = (c: typeof billClaims.$inferSelect): BillClaimInput => ({
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
  if (seat.endedAt !== null) {
    const lines = await billLines(db, seat.visitId, [ORDER_STATUS.settled]);
    const total = centsToMoneyText(lines.reduce((sum, l) => sum + l.input.totalCents, 0));
    return {
      visitId: seat.visitId,
      tableName: seat.tableName,
      total,
      paid: total,
      left: centsToMoneyText(0),
      mine: centsToMoneyText(0),
      settled: true,
      test,
      lines: [],
    };
  }
  const [lines, claims] = await Promise.all([billLines(db, seat.visitId), liveClaims(db, seat.visitId, now)]);
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
      billLines(tx, seat.visitId),
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
      if (released.length) {
        await tx
          .update(billClaims)
          .set({ status: "released" })
          .where(
            inArray(
              billClaims.id,
              released.map((c) => c.id),
            ),
          );
      }
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
    const mine = (await liveClaims(tx, seat.visitId, now)).filter(
      (c) => c.guid === guid && c.status === "held",
    );
    if (mine.length === 0) throw new AppError("billNothingClaimed");
    const joined = mine.find((c) => c.intentId !== null)?.intentId ?? null;
    const loose = mine.filter((c) => c.intentId === null);
    const heldUntil = new Date(now.getTime() + ATTEMPT_TTL_MS);
    if (joined !== null && loose.length === 0) {
      const [open] = await tx
        .select()
        .from(payIntents)
        .where(and(eq(payIntents.id, joined), eq(payIntents.status, "open")));
      if (open) {
        await tx.update(billClaims).set({ heldUntil }).where(eq(billClaims.intentId, open.id));
        return open;
      }
    }
    if (joined !== null) {
      // claims were added to a bill share already started: the earlier intent gives way to one over all
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
        amountCents: mine.reduce((sum, c) => sum + c.amountCents, 0),
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

/** After a bill share was paid: the table settles once nothing is left to pay (the status 7 flow). */
export async function billLeftCents(db: Db, visitId: number, now: Date): Promise<number> {
  const [lines, claims] = await Promise.all([billLines(db, visitId), liveClaims(db, visitId, now)]);
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
