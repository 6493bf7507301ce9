import { randomUUID } from "node:crypto";
import { type BillView, PAY_API, type PayStart } from "@tablemate/core";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tables, visits } from "../src/db/schema.js";
import { applyTradeWord } from "../src/modules/payment/apply.js";
import { isPaid, moneyInVisits, visitsMoney } from "../src/modules/settlement/floor-paid.js";
import { BACKENDS } from "./support/databases.js";
import { FakeProvider } from "./support/fake-provider.js";
import { asVisitor, json, startTestApp, type TestApp } from "./support/harness.js";
import {
  Diner,
  demoRestaurants,
  menuOf,
  plainDishes,
  type Seat,
  tablesOfTheirOwn,
} from "./support/ordering.js";

/** A small seeded generator (mulberry32): the same interleavings on every run and both databases. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The floor's paid state (settlement/floor-paid.ts) reads the accounts of the visits a set-based query
 * finds money in. Over seeded random interleavings of whole-order payments and bill shares (each word
 * applied, or left in flight) at pay-later tables, it names exactly the visits groupAccount says are
 * paid when every open visit's account is read: the query never leaves a paid visit out.
 */
describe.each(BACKENDS)("the floor's paid tables against every visit's account (%s)", (backend) => {
  let app: TestApp;
  const provider = new FakeProvider();
  let rid = 0;
  let dishes: number[] = [];
  let nextSeat: () => Seat;

  beforeAll(async () => {
    app = await startTestApp(backend, {
      paymentProviders: { sandbox: provider },
      env: { PAY_RECONCILE_MS: "0" },
    });
    const find = await demoRestaurants(app);
    rid = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0).id;
    dishes = plainDishes(await menuOf(app, rid)).map((d) => d.id);
    nextSeat = await tablesOfTheirOwn(app, rid, 4, "楼");
  });
  afterAll(() => app.close());

  /** The provider's paid word, committed without what follows it (no settle): every state stays to be read. */
  async function land(start: PayStart) {
    provider.pay(start.tradeNo);
    const applied = await applyTradeWord({ db: app.db, now: () => new Date() }, start.tradeNo, {
      kind: "paid",
      amountCents: Math.round(Number(start.amount) * 100),
      providerTradeId: `fake-${start.tradeNo}`,
    });
    expect(applied.outcome).not.toBe("refused");
  }

  async function claimOwn(d: Diner): Promise<boolean> {
    const bill = json(await d.get(`${PAY_API.bill}?rid=${rid}`)).data as BillView;
    const mine = bill.lines.filter((l) => l.mine && l.claims.length === 0);
    if (mine.length === 0) return false;
    const claimed = await app.server.inject({
      method: "POST",
      url: PAY_API.billClaims,
      headers: asVisitor(d.guid),
      payload: { rid, claims: mine.map((l) => ({ lineId: l.lineId, shares: 1, take: 1 })) },
    });
    return json(claimed).code === 1000;
  }

  async function payShare(d: Diner): Promise<PayStart | null> {
    if (!(await claimOwn(d))) return null;
    const answer = json(
      await app.server.inject({
        method: "POST",
        url: PAY_API.billPay,
        headers: { ...asVisitor(d.guid), "idempotency-key": randomUUID() },
        payload: { rid, returnPath: "/pay/success" },
      }),
    );
    return answer.code === 1000 ? (answer.data as PayStart) : null;
  }

  async function payWhole(d: Diner, orderId: number): Promise<PayStart | null> {
    const answer = json(await d.prepay(orderId));
    return answer.code === 1000 ? (answer.data as PayStart) : null;
  }

  /** The open visits of the restaurant's tables. */
  async function openVisits(): Promise<number[]> {
    const rows = await app.db
      .select({ id: visits.id })
      .from(visits)
      .innerJoin(tables, eq(tables.id, visits.tableId))
      .where(and(eq(tables.restaurantId, rid), isNull(visits.endedAt)));
    return rows.map((r) => r.id);
  }

  it("names exactly the visits whose every open order group owes nothing and paid something, with what each paid", async () => {
    const random = seeded(backend === "pglite" ? 24 : 2424);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const parties: Array<{ e: Diner; f: Diner; orderIds: number[] }> = [];
    for (let i = 0; i < 4; i++) {
      const seat = nextSeat();
      const e = await new Diner(app, `floor-e-${randomUUID()}`, seat).sit();
      const f = await new Diner(app, `floor-f-${randomUUID()}`, seat).sit();
      await e.add(pick(dishes));
      await f.add(pick(dishes));
      const placed = json(await e.submit());
      expect(placed.code, JSON.stringify(placed)).toBe(1000);
      parties.push({ e, f, orderIds: [(placed.data as { orderId: number }).orderId] });
    }
    const seen = { paid: 0, unpaid: 0, inFlight: 0 };
    for (let step = 0; step < 32; step++) {
      const party = pick(parties);
      const op = pick(["shareE", "shareF", "whole", "more"] as const);
      let start: PayStart | null = null;
      if (op === "shareE") start = await payShare(party.e);
      else if (op === "shareF") start = await payShare(party.f);
      else if (op === "whole") start = await payWhole(pick([party.e, party.f]), pick(party.orderIds));
      else {
        // a tablemate orders more: a new order the table owes
        await party.f.add(pick(dishes));
        const more = json(await party.f.submit());
        if (more.code === 1000) party.orderIds.push((more.data as { orderId: number }).orderId);
      }
      if (start && random() < 0.75) await land(start);
      else if (start) seen.inFlight += 1;

      const open = await openVisits();
      const now = new Date();
      const floor = await moneyInVisits(app.db, rid, open, now);
      const every = await visitsMoney(app.db, rid, open, now);
      const expected = new Set([...every].filter(([, money]) => isPaid(money)).map(([id]) => id));
      const paidOnFloor = [...floor].filter(([, money]) => isPaid(money)).map(([id]) => id);
      expect(paidOnFloor.sort(), `step ${step}: ${op}`).toEqual([...expected].sort());
      // and what each card says was paid is the account's, 0 where the query found no money
      const paidCents = (money: Map<number, { paidCents: number }>) =>
        open.map((id) => money.get(id)?.paidCents ?? 0);
      expect(paidCents(floor), `step ${step}: ${op}`).toEqual(paidCents(every));
      seen.paid += expected.size;
      seen.unpaid += open.length - expected.size;
    }
    // the run met paid tables, unpaid ones and payments in flight
    expect(Math.min(seen.paid, seen.unpaid, seen.inFlight), JSON.stringify(seen)).toBeGreaterThan(0);
  }, 180_000);
});
