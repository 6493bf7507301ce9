/**
 * The bill's shares as a whole-order payment sees them (issue 24, race 2): an order paid as a whole
 * after (or while) a tablemate paid a share of its lines asks only what the shares leave (core's
 * orderAccount). The visit's lock, taken first by the bill's claims and by the order intent alike,
 * makes the two take turns: a share claimed after the whole intent is made finds the order covered
 * (the bill leaves it out), a whole intent made after a claim subtracts it.
 */
import { orderAccount, type ShareMoney } from "@tablemate/core";
import { and, eq, gt, inArray, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { billClaims, carts, orderLines, orders, visits } from "../../db/schema.js";

/** Lets the given bill claims go (released): their lines are on the bill again for anyone to take. */
export async function releaseClaims(tx: Tx, claims: ReadonlyArray<{ id: number }>): Promise<void> {
  if (claims.length === 0) return;
  await tx
    .update(billClaims)
    .set({ status: "released" })
    .where(
      inArray(
        billClaims.id,
        claims.map((c) => c.id),
      ),
    );
}

/** Locks the visit an order was placed at (the lock order's first), when it has one. */
export async function lockOrderVisit(tx: Tx, orderId: number): Promise<void> {
  const [row] = await tx
    .select({ visitId: carts.visitId })
    .from(orders)
    .innerJoin(carts, eq(carts.id, orders.cartId))
    .where(eq(orders.id, orderId));
  if (row?.visitId == null) return;
  await tx.select({ id: visits.id }).from(visits).where(eq(visits.id, row.visitId)).for("update");
}

/** The live shares (paid, or held and not past their hold) on the lines of each order. */
export async function sharesByOrder(
  tx: Db | Tx,
  orderIds: readonly number[],
  now: Date,
): Promise<Map<number, ShareMoney[]>> {
  const byOrder = new Map<number, ShareMoney[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await tx
    .select({ orderId: orderLines.orderId, amountCents: billClaims.amountCents, status: billClaims.status })
    .from(billClaims)
    .innerJoin(orderLines, eq(orderLines.id, billClaims.orderLineId))
    .where(
      and(
        inArray(orderLines.orderId, [...orderIds]),
        or(eq(billClaims.status, "paid"), and(eq(billClaims.status, "held"), gt(billClaims.heldUntil, now))),
      ),
    );
  for (const row of rows) {
    byOrder
      .get(row.orderId)
      ?.push({ amountCents: row.amountCents, status: row.status === "paid" ? "paid" : "held" });
  }
  return byOrder;
}

/**
 * What a whole-order payment may still ask of each order (core's orderAccount): its payable less its
 * tablemates' bill shares, paid or held. The intent charges these and /pay's member quote shows them,
 * so the 支付 button and the charge are one figure.
 */
export async function duesAfterShares(
  tx: Db | Tx,
  perOrder: ReadonlyArray<{ orderId: number; payableCents: number }>,
  now: Date,
): Promise<number[]> {
  const shares = await sharesByOrder(
    tx,
    perOrder.map((o) => o.orderId),
    now,
  );
  return perOrder.map(
    (o) =>
      orderAccount({ owedCents: o.payableCents, shares: shares.get(o.orderId) ?? [], wholeNetCents: 0 })
        .dueCents,
  );
}
