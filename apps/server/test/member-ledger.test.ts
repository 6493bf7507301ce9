import { randomUUID } from "node:crypto";
import { AppError, ERRORS, GIFT_TYPE, MEMBER_TEXT, type RechargeRule } from "@tablemate/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberCards, memberLedger, tables } from "../src/db/schema.js";
import {
  adjustBalance,
  captureHold,
  cardBalance,
  cardLedger,
  createCouponTemplate,
  earnPoints,
  giveCoupon,
  holdForOrder,
  ledgerMismatches,
  lockCoupon,
  openCard,
  postEntry,
  rechargePaid,
  refundPrincipal,
  releaseExpiredHolds,
  releaseHold,
  releaseOrderHolds,
  returnOrderCoupons,
  reversePointsForRefund,
  spendStoredValue,
  useCoupon,
} from "../src/modules/member/index.js";
import { BACKENDS } from "./support/databases.js";
import { demoTable, startTestApp, type TestApp } from "./support/harness.js";
import { menuOf, placeOrders as placeDinerOrders, plainDish } from "./support/ordering.js";

/** 充500送50: a recharge of ¥500 or more gets ¥50 and 20 points */
const RULES: RechargeRule[] = [
  { ruleId: "r500", rechargeMoney: 50_000, giftMoney: 5_000, giftPoints: 20, giftType: GIFT_TYPE.threshold },
];

/** the AppError a promise was refused with (its key), failing the test when it was not refused so */
async function refusal(promise: Promise<unknown>): Promise<{ key: string; code: number; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { key: error.key, code: error.code, message: error.message };
}

/** how many of settled promises were kept, and the refusals' keys */
function outcomes(settled: PromiseSettledResult<unknown>[]) {
  const refused = settled.flatMap((s) =>
    s.status === "rejected" ? [s.reason instanceof AppError ? s.reason.key : String(s.reason)] : [],
  );
  return { kept: settled.length - refused.length, refused };
}

describe.each(BACKENDS)("the member ledger (%s)", (backend) => {
  let app: TestApp;
  let rid = 0;
  let otherRid = 0;
  let dishId = 0;
  let table: Awaited<ReturnType<typeof demoTable>>;
  const now = new Date();
  const actor = "system";
  const later = new Date(now.getTime() + 15 * 60_000);

  beforeAll(async () => {
    app = await startTestApp(backend);
    table = await demoTable(app, (r) => r.wctPayType === 0 && !r.fastHotel);
    rid = table.restaurantId;
    otherRid = (await demoTable(app, (r) => r.id !== rid)).restaurantId;
    await app.db
      .insert(tables)
      .values(Array.from({ length: 8 }, (_, i) => ({ restaurantId: rid, name: `会员${i + 1}` })));
    dishId = plainDish(await menuOf(app, rid)).id;
  });
  afterAll(() => app?.close());

  /** `count` real orders at the restaurant, placed by diners at its tables in turn */
  let nextTable = 0;
  async function placeOrders(count: number, restaurantId = rid): Promise<number[]> {
    const all = (await app.db.select().from(tables)).filter((t) => t.restaurantId === restaurantId);
    const dish = restaurantId === rid ? dishId : plainDish(await menuOf(app, restaurantId)).id;
    const nextSeat = () => {
      const at = all[nextTable++ % all.length];
      if (!at) throw new Error("no table");
      return { restaurantId, tableId: at.id, sid: app.signer.tableToken(restaurantId, at.id) };
    };
    return placeDinerOrders(app, nextSeat, dish, count);
  }

  let phones = 0;
  async function newCard(restaurantId = rid) {
    const phone = `139${String(10_000_000 + phones++).padStart(8, "0")}`;
    const { card } = await openCard(app.db, {
      phone,
      restaurantId,
      cardTypeName: "金卡",
      isVipPrice: true,
      now,
    });
    return card.id;
  }

  /** a card with `cents` of principal (no gift: no rules) */
  async function cardWith(cents: number, points = 0) {
    const cardId = await newCard();
    if (cents > 0)
      await rechargePaid(app.db, {
        cardId,
        paymentKey: `pay-${randomUUID()}`,
        rechargeCents: cents,
        rules: [],
        source: "sandbox",
        actor,
        now,
      });
    if (points > 0)
      await earnPoints(app.db, {
        cardId,
        paymentKey: `pay-${randomUUID()}`,
        points,
        paidCents: 1,
        actor,
        now,
      });
    return cardId;
  }

  const balanceOf = async (cardId: number) => (await cardBalance(app.db, cardId)).balance;

  it("a hold race, two orders and money for one: exactly one hold, and its payment takes it", async () => {
    const cardId = await cardWith(10_000);
    const [a, b] = await placeOrders(2);
    if (a === undefined || b === undefined) throw new Error("no orders");
    const settled = await Promise.allSettled(
      [a, b].map((orderId) =>
        holdForOrder(app.db, { cardId, orderId, cents: 8_000, points: 0, expiresAt: later, actor, now }),
      ),
    );
    expect(outcomes(settled)).toEqual({ kept: 1, refused: ["balanceShort"] });
    const won = settled.find((s) => s.status === "fulfilled");
    const winner = won?.status === "fulfilled" ? won.value.hold.orderId : 0;
    const loser = winner === a ? b : a;
    expect((await cardBalance(app.db, cardId)).spendable.cents).toBe(2_000);
    // the loser holds nothing to release; the winner's payment takes its hold, once
    expect(
      (await refusal(releaseHold(app.db, { cardId, orderId: loser, why: "cancelled", actor, now }))).code,
    ).toBe(ERRORS.holdConflict.code);
    const captures = await Promise.all(
      [1, 2].map(() => captureHold(app.db, { cardId, orderId: winner, actor, now })),
    );
    expect(captures.map((c) => c.replayed).sort()).toEqual([false, true]);
    expect(captures[0]?.entry.id).toBe(captures[1]?.entry.id);
    expect(await balanceOf(cardId)).toEqual({ principalCents: 2_000, giftCents: 0, points: 0, holds: {} });
    // paid: nothing to release any more
    expect(
      (await refusal(releaseHold(app.db, { cardId, orderId: winner, why: "cancelled", actor, now }))).key,
    ).toBe("holdConflict");
    expect(await ledgerMismatches(app.db, [cardId])).toEqual([]);
  });

  it("holds many orders at once only as far as the money goes, and gives back a cancelled or expired one", async () => {
    const cardId = await cardWith(10_000, 50);
    const orders = await placeOrders(10);
    const settled = await Promise.allSettled(
      orders.map((orderId) =>
        holdForOrder(app.db, { cardId, orderId, cents: 3_000, points: 10, expiresAt: later, actor, now }),
      ),
    );
    expect(outcomes(settled).kept).toBe(3);
    const held = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value.hold.orderId] : []));
    expect(await cardBalance(app.db, cardId)).toMatchObject({ spendable: { cents: 1_000, points: 20 } });
    // the same hold asked again answers it; other amounts for the same order are refused
    const [first, second, third] = held as [number, number, number];
    const again = await holdForOrder(app.db, {
      cardId,
      orderId: first,
      cents: 3_000,
      points: 10,
      expiresAt: later,
      actor,
      now,
    });
    expect(again.replayed).toBe(true);
    expect(
      await refusal(
        holdForOrder(app.db, {
          cardId,
          orderId: first,
          cents: 1_000,
          points: 0,
          expiresAt: later,
          actor,
          now,
        }),
      ),
    ).toMatchObject({ key: "holdConflict", message: MEMBER_TEXT.holdTwice });
    // cancelled: released once (a second release answers the first)
    const [released] = await releaseOrderHolds(app.db, { orderId: second, why: "cancelled", actor, now });
    expect(released?.entry.detail).toEqual({ orderId: second, why: "cancelled" });
    expect(
      (await releaseHold(app.db, { cardId, orderId: second, why: "cancelled", actor, now })).replayed,
    ).toBe(true);
    expect(await releaseOrderHolds(app.db, { orderId: second, why: "cancelled", actor, now })).toEqual([]);
    // the payment of the third expires: the job gives its hold back, and only what expired
    await app.db.execute(
      sql`update member_holds set expires_at = ${new Date(now.getTime() - 1).toISOString()} where order_id = ${third}`,
    );
    const expired = await releaseExpiredHolds(app.db, now);
    expect(expired.map((r) => r.hold.orderId)).toEqual([third]);
    expect(await releaseExpiredHolds(app.db, now)).toEqual([]);
    expect(await cardBalance(app.db, cardId)).toMatchObject({ spendable: { cents: 7_000, points: 40 } });
    // an order of another restaurant is no order this card can hold for
    const [elsewhere] = await placeOrders(1, otherRid);
    expect(
      await refusal(
        holdForOrder(app.db, {
          cardId,
          orderId: elsewhere ?? 0,
          cents: 100,
          points: 0,
          expiresAt: later,
          actor,
          now,
        }),
      ),
    ).toMatchObject({ key: "cardOtherRestaurant", code: 100002, message: "该会员卡不能在本店使用" });
    expect(await ledgerMismatches(app.db, [cardId])).toEqual([]);
  });

  it("grants a recharge's gift once however often its payment notification comes", async () => {
    const cardId = await newCard();
    const paymentKey = `trade-${randomUUID()}`;
    const recharge = () =>
      rechargePaid(app.db, {
        cardId,
        paymentKey,
        rechargeCents: 50_000,
        rules: RULES,
        source: "sandbox",
        actor,
        now,
      });
    const answers = await Promise.all([recharge(), recharge(), recharge(), recharge(), recharge()]);
    const late = await recharge();
    expect([...answers, late].filter((a) => !a.replayed)).toHaveLength(1);
    expect(late.entries.map((e) => [e.kind, e.principalCents, e.giftCents, e.points])).toEqual([
      ["recharge", 50_000, 0, 0],
      ["gift", 0, 5_000, 20],
    ]);
    expect(await balanceOf(cardId)).toEqual({
      principalCents: 50_000,
      giftCents: 5_000,
      points: 20,
      holds: {},
    });
    expect(await cardLedger(app.db, cardId)).toHaveLength(2);
    // topping up with stored value is refused
    expect(
      (
        await refusal(
          rechargePaid(app.db, {
            cardId,
            paymentKey: "self",
            rechargeCents: 50_000,
            rules: RULES,
            source: "storedValue",
            actor,
            now,
          }),
        )
      ).code,
    ).toBe(ERRORS.rechargeWithStoredValue.code);
  });

  it("refunds after spending only the unspent principal, checked when the refund runs", async () => {
    const cardId = await newCard();
    await rechargePaid(app.db, {
      cardId,
      paymentKey: `t-${randomUUID()}`,
      rechargeCents: 50_000,
      rules: RULES,
      source: "sandbox",
      actor,
      now,
    });
    await spendStoredValue(app.db, { cardId, eventKey: "bill-1", cents: 20_000, points: 0, actor, now });
    // principal first: ¥300 of principal and the ¥50 gift are left
    expect(await balanceOf(cardId)).toMatchObject({ principalCents: 30_000, giftCents: 5_000 });
    expect(
      (await refusal(refundPrincipal(app.db, { cardId, eventKey: "r-1", cents: 30_001, actor, now }))).code,
    ).toBe(ERRORS.refundAbovePrincipal.code);
    // an open order's hold is not refundable either
    const [orderId] = await placeOrders(1);
    await holdForOrder(app.db, {
      cardId,
      orderId: orderId ?? 0,
      cents: 10_000,
      points: 0,
      expiresAt: later,
      actor,
      now,
    });
    expect(
      (await refusal(refundPrincipal(app.db, { cardId, eventKey: "r-2", cents: 20_001, actor, now }))).key,
    ).toBe("refundAbovePrincipal");
    // half of what is refundable: half of the gift goes with it
    const half = await refundPrincipal(app.db, { cardId, eventKey: "r-3", cents: 10_000, actor, now });
    expect(half.entries.map((e) => [e.principalCents, e.giftCents])).toEqual([[-10_000, -1_666]]);
    await releaseHold(app.db, { cardId, orderId: orderId ?? 0, why: "cancelled", actor, now });
    // all that is left, twice at once: one refund, one replay; the gift goes with the last principal
    const [x, y] = await Promise.all(
      [1, 2].map(() => refundPrincipal(app.db, { cardId, eventKey: "r-all", actor, now })),
    );
    expect([x?.replayed, y?.replayed].sort()).toEqual([false, true]);
    expect(x?.entries[0]?.principalCents).toBe(-20_000);
    expect(await balanceOf(cardId)).toEqual({ principalCents: 0, giftCents: 0, points: 20, holds: {} });
    expect(await ledgerMismatches(app.db, [cardId])).toEqual([]);
  });

  it("a refund racing a spend never gives back money the spend took", async () => {
    const cardId = await cardWith(50_000);
    const [spend, refund] = await Promise.allSettled([
      spendStoredValue(app.db, { cardId, eventKey: "race", cents: 40_000, points: 0, actor, now }),
      refundPrincipal(app.db, { cardId, eventKey: "race", actor, now }),
    ]);
    const spent = spend.status === "fulfilled" ? 40_000 : 0;
    const refunded = refund.status === "fulfilled" ? -(refund.value.entries[0]?.principalCents ?? 0) : 0;
    expect(spent + refunded).toBe(50_000);
    expect((await balanceOf(cardId)).principalCents).toBe(0);
    if (spend.status === "rejected") expect((spend.reason as AppError).key).toBe("balanceShort");
  });

  it("reverses a payment's points in proportion on a partial refund, once per refund", async () => {
    const cardId = await cardWith(0);
    const paymentKey = `trade-${randomUUID()}`;
    await earnPoints(app.db, { cardId, paymentKey, points: 100, paidCents: 30_000, actor, now });
    const first = {
      cardId,
      paymentKey,
      refundKey: "refund-1",
      refundCents: 10_000,
      refundedBeforeCents: 0,
      actor,
      now,
    };
    const [once, twice] = await Promise.all([
      reversePointsForRefund(app.db, first),
      reversePointsForRefund(app.db, first),
    ]);
    expect([once?.replayed, twice?.replayed].sort()).toEqual([false, true]);
    expect(once).toMatchObject({ due: 33, reversed: 33, shortfall: 0 });
    expect((await balanceOf(cardId)).points).toBe(67);
    // the member spends 60 of what is left; the rest of the payment is refunded: 67 due, 7 can be taken
    await spendStoredValue(app.db, { cardId, eventKey: "points", cents: 0, points: 60, actor, now });
    const rest = await reversePointsForRefund(app.db, {
      ...first,
      refundKey: "refund-2",
      refundCents: 20_000,
      refundedBeforeCents: 10_000,
    });
    expect(rest).toMatchObject({ due: 67, reversed: 7, shortfall: 60, replayed: false });
    expect(rest.entry?.detail).toMatchObject({ refundCents: 20_000, due: 67, shortfall: 60 });
    expect((await balanceOf(cardId)).points).toBe(0);
    // a payment that earned nothing reverses nothing
    expect(
      await reversePointsForRefund(app.db, { ...first, paymentKey: "none", refundKey: "r" }),
    ).toMatchObject({ entry: null, reversed: 0 });
    expect(await ledgerMismatches(app.db, [cardId])).toEqual([]);
  });

  describe("coupons", () => {
    let templateId = 0;
    beforeAll(async () => {
      const template = await createCouponTemplate(
        app.db,
        {
          restaurantId: rid,
          name: "满100减10",
          couponType: 1,
          faceCents: 1_000,
          minSpendCents: 10_000,
          validityType: 2,
          effectiveTime: 0,
          validityDays: 7,
        },
        now,
      );
      templateId = template.id;
    });

    it("gives a coupon once per reason, with its validity as dates", async () => {
      const cardId = await newCard();
      const give = () => giveCoupon(app.db, { cardId, templateId, giveKey: "open-card", now });
      const [a, b] = await Promise.all([give(), give()]);
      expect([a?.replayed, b?.replayed].sort()).toEqual([false, true]);
      expect(a?.coupon.id).toBe(b?.coupon.id);
      expect(a?.coupon).toMatchObject({
        state: "unused",
        startsAt: now,
        faceCents: 1_000,
        minSpendCents: 10_000,
      });
      expect(a?.coupon.endsAt?.getTime()).toBeGreaterThan(now.getTime() + 6 * 86_400_000);
    });

    it("50 orders locking one coupon at once: exactly one wins, and only its payment uses it", async () => {
      const cardId = await newCard();
      const { coupon } = await giveCoupon(app.db, { cardId, templateId, giveKey: "race", now });
      const orders = await placeOrders(50);
      const settled = await Promise.allSettled(
        orders.map((orderId) => lockCoupon(app.db, { cardId, couponId: coupon.id, orderId, now })),
      );
      const { kept, refused } = outcomes(settled);
      expect(kept).toBe(1);
      expect(refused).toEqual(Array(49).fill("couponUnusable"));
      const won = settled.find((s) => s.status === "fulfilled");
      const winner = won?.status === "fulfilled" ? (won.value.coupon.orderId ?? 0) : 0;
      const loser = orders.find((o) => o !== winner) ?? 0;
      expect(
        (await refusal(lockCoupon(app.db, { cardId, couponId: coupon.id, orderId: loser, now }))).message,
      ).toBe(MEMBER_TEXT.couponLocked);
      expect((await refusal(useCoupon(app.db, { couponId: coupon.id, orderId: loser, now }))).key).toBe(
        "couponUnusable",
      );
      const used = await Promise.all(
        [1, 2].map(() => useCoupon(app.db, { couponId: coupon.id, orderId: winner, now })),
      );
      expect(used.map((u) => u.replayed).sort()).toEqual([false, true]);
      // used stays used: a cancel after payment gives nothing back
      expect(await returnOrderCoupons(app.db, winner)).toEqual([]);
      expect(
        (await refusal(lockCoupon(app.db, { cardId, couponId: coupon.id, orderId: loser, now }))).message,
      ).toBe(MEMBER_TEXT.couponUsed);
    });

    it("returns a locked coupon when its order is cancelled or its payment expires", async () => {
      const cardId = await newCard();
      const { coupon } = await giveCoupon(app.db, { cardId, templateId, giveKey: "cancel", now });
      const [a, b] = await placeOrders(2);
      if (a === undefined || b === undefined) throw new Error("no orders");
      await lockCoupon(app.db, { cardId, couponId: coupon.id, orderId: a, now });
      expect((await lockCoupon(app.db, { cardId, couponId: coupon.id, orderId: a, now })).replayed).toBe(
        true,
      );
      const returned = await returnOrderCoupons(app.db, a);
      expect(returned.map((c) => [c.id, c.state, c.orderId])).toEqual([[coupon.id, "unused", null]]);
      expect(await returnOrderCoupons(app.db, a)).toEqual([]);
      // the cancelled order's payment can no longer use it; another order can lock it now
      expect((await refusal(useCoupon(app.db, { couponId: coupon.id, orderId: a, now }))).key).toBe(
        "couponUnusable",
      );
      expect(
        (await lockCoupon(app.db, { cardId, couponId: coupon.id, orderId: b, now })).coupon.orderId,
      ).toBe(b);
    });

    it("refuses a coupon outside its validity, and another card's", async () => {
      const cardId = await newCard();
      const past = await createCouponTemplate(
        app.db,
        {
          restaurantId: rid,
          name: "过期券",
          couponType: 1,
          faceCents: 500,
          minSpendCents: 0,
          validityType: 3,
          startTime: "2020-01-01",
          endTime: "2020-01-31",
        },
        now,
      );
      const { coupon } = await giveCoupon(app.db, { cardId, templateId: past.id, giveKey: "old", now });
      const [orderId] = await placeOrders(1);
      expect(
        await refusal(lockCoupon(app.db, { cardId, couponId: coupon.id, orderId: orderId ?? 0, now })),
      ).toEqual({
        key: "couponUnusable",
        code: ERRORS.couponUnusable.code,
        message: MEMBER_TEXT.couponExpired,
      });
      const stranger = await newCard();
      expect(
        (
          await refusal(
            lockCoupon(app.db, { cardId: stranger, couponId: coupon.id, orderId: orderId ?? 0, now }),
          )
        ).key,
      ).toBe("notFound");
    });
  });

  it("never lets a balance below zero, however it is asked", async () => {
    const cardId = await cardWith(1_000, 10);
    expect(
      (
        await refusal(
          spendStoredValue(app.db, { cardId, eventKey: "x", cents: 1_001, points: 0, actor, now }),
        )
      ).code,
    ).toBe(ERRORS.balanceShort.code);
    expect(
      (await refusal(spendStoredValue(app.db, { cardId, eventKey: "y", cents: 0, points: 11, actor, now })))
        .code,
    ).toBe(ERRORS.pointsShort.code);
    expect(
      await refusal(
        adjustBalance(app.db, {
          cardId,
          eventKey: "z",
          principalCents: -1_001,
          giftCents: 0,
          points: 0,
          reason: "纠错",
          approvedBy: "staff:1",
          actor,
          now,
        }),
      ),
    ).toMatchObject({ key: "badRequest", message: MEMBER_TEXT.adjustmentNegative });
    // a forged entry: a negative amount, or a spend claiming an order's hold
    expect(
      (
        await refusal(
          postEntry(app.db, {
            cardId,
            eventKey: "f1",
            entry: { kind: "spend", cents: -500, points: 0 },
            actor,
            now,
          }),
        )
      ).key,
    ).toBe("badRequest");
    await expect(
      postEntry(app.db, {
        cardId,
        eventKey: "f2",
        entry: { kind: "spend", cents: 500, points: 0, holdId: "order:1" } as never,
        actor,
        now,
      }),
    ).rejects.toThrow(/captureHold/);
    // straight at the database: below zero, money from nothing, a forged entry, an edited or deleted entry
    const [card] = await app.db.select().from(memberCards).where(eq(memberCards.id, cardId));
    if (!card) throw new Error("no card");
    const entry = (key: string, kind: string, change: number, after: number) =>
      sql`insert into member_ledger (card_id, seq, event_key, kind, principal_cents, gift_cents, points,
            principal_after, gift_after, points_after, held_cents_after, held_points_after, actor)
          values (${cardId}, ${card.version + 1}, ${key}, ${kind}, ${change}, 0, 0, ${after}, 0, 10, 0, 0, 'x')`;
    const checks = /violates check constraint "member_(cards|ledger)_/;
    const unmatched = /does not match its ledger/;
    const forged: Array<[ReturnType<typeof sql>, string, RegExp]> = [
      [sql`update member_cards set principal_cents = -1 where id = ${cardId}`, "23514", checks],
      [
        sql`update member_cards set held_cents = principal_cents + gift_cents + 1 where id = ${cardId}`,
        "23514",
        checks,
      ],
      // money from nothing: no CHECK sees it, the card no longer equals its ledger at commit
      [
        sql`update member_cards set principal_cents = principal_cents + 100000 where id = ${cardId}`,
        "23514",
        unmatched,
      ],
      [entry("forged-1", "spend", -2_000, -1_000), "23514", checks],
      [entry("forged-2", "recharge", 100_000, 101_000), "23514", unmatched],
      [entry("forged-3", "recharge", 100_000, 100_000), "23514", /does not follow its predecessor/],
      [
        sql`update member_ledger set principal_after = 999999 where card_id = ${cardId}`,
        "P0001",
        /append-only/,
      ],
      [sql`delete from member_ledger where card_id = ${cardId}`, "P0001", /append-only/],
    ];
    for (const [statement, code, message] of forged) {
      const error = await app.db.execute(statement).then(
        () => null,
        (e: Error & { cause?: Error & { code?: string }; code?: string }) => e.cause ?? e,
      );
      expect(error?.code).toBe(code);
      expect(error?.message).toMatch(message);
    }
    expect(await balanceOf(cardId)).toEqual({ principalCents: 1_000, giftCents: 0, points: 10, holds: {} });
    expect(await ledgerMismatches(app.db, [cardId])).toEqual([]);
  });

  it("many mixed changes at once on a few cards: nothing lost, nothing negative, every ledger sums to its balance", async () => {
    const cards = await Promise.all([cardWith(20_000, 100), cardWith(5_000, 0), cardWith(0, 0)]);
    const orders = await placeOrders(6);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      const cardId = cards[i % cards.length] ?? 0;
      const orderId = orders[i % orders.length] ?? 0;
      const step = [
        () => spendStoredValue(app.db, { cardId, eventKey: `mix-${i}`, cents: 1_500, points: 5, actor, now }),
        () =>
          holdForOrder(app.db, { cardId, orderId, cents: 2_000, points: 0, expiresAt: later, actor, now }),
        () => captureHold(app.db, { cardId, orderId, actor, now }),
        () => releaseHold(app.db, { cardId, orderId, why: "cancelled", actor, now }),
        () =>
          rechargePaid(app.db, {
            cardId,
            paymentKey: `mix-${i % 4}`,
            rechargeCents: 50_000,
            rules: RULES,
            source: "wechat",
            actor,
            now,
          }),
        () => refundPrincipal(app.db, { cardId, eventKey: `mix-${i}`, cents: 700, actor, now }),
      ][i % 6];
      work.push((step as () => Promise<unknown>)());
    }
    const settled = await Promise.allSettled(work);
    // every refusal is one of core's, never a failure of the store
    const unexpected = settled.filter(
      (s) =>
        s.status === "rejected" &&
        !(
          s.reason instanceof AppError &&
          ["balanceShort", "pointsShort", "holdConflict", "refundAbovePrincipal"].includes(s.reason.key)
        ),
    );
    expect(unexpected).toEqual([]);
    expect(await ledgerMismatches(app.db)).toEqual([]);
    const negative = await app.db
      .select({ id: memberLedger.id })
      .from(memberLedger)
      .where(
        sql`${memberLedger.principalAfter} < 0 or ${memberLedger.giftAfter} < 0 or ${memberLedger.pointsAfter} < 0`,
      );
    expect(negative).toEqual([]);
  });
});
