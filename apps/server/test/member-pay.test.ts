import { randomBytes, randomUUID } from "node:crypto";
import {
  API,
  type AvailableCoupons,
  type ConsolePayment,
  cartMemberDiscounts,
  type Dish,
  MEMBER_API,
  type MemberDiscounts,
  ORDER_STATUS,
  type OrderDetail,
  PAY_API,
  type PayAttempt,
  type PayStart,
  type PayView,
  summarizeCart,
  yuanToCents,
  zonedDateTime,
} from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  discountOffers,
  kitchenTickets,
  type MemberDaySetting,
  memberCardTypes,
  memberChoices,
  memberCoupons,
  memberHolds,
  memberLedger,
  memberSessions,
  orders,
  restaurants,
  visits,
} from "../src/db/schema.js";
import { kitchenIdle } from "../src/modules/kitchen/queue.js";
import {
  cardBalance,
  createCouponTemplate,
  earnPoints,
  giveCoupon,
  ledgerMismatches,
  openCard,
  rechargePaid,
} from "../src/modules/member/index.js";
import { reconcileOnce } from "../src/modules/payment/reconcile.js";
import { BACKENDS } from "./support/databases.js";
import { deliverNotification, FakeProvider } from "./support/fake-provider.js";
import { demoTable, json, startTestApp, type TestApp } from "./support/harness.js";
import { Diner, menuOf, PLAIN, plainDishes, type Seat, tablesOfTheirOwn } from "./support/ordering.js";
import { staffHeaders, testStaff } from "./support/staff.js";

/** how cents print as the wire's yuan text */
const yuan = (cents: number) => (cents / 100).toFixed(2);

describe.each(BACKENDS)("member money through submit and pay (%s)", (backend) => {
  let app: TestApp;
  const provider = new FakeProvider();
  let shiftMs = 0;
  const now = () => new Date(Date.now() + shiftMs);
  let rid = 0;
  let otherRid = 0;
  /** a plain dish with a member price below its price */
  let dish: Dish;
  let nextSeat: () => Seat;
  /** points per yuan of the restaurant's card type 1 */
  const pointsPerYuan = 2;

  beforeAll(async () => {
    app = await startTestApp(backend, {
      now,
      paymentProviders: { sandbox: provider },
      env: { PAY_RECONCILE_MS: "0" },
    });
    // 江南食府: the prepayment demo restaurant
    rid = (await demoTable(app, (r) => r.wctPayType === 1 && !r.fastHotel)).restaurantId;
    otherRid = (await demoTable(app, (r) => r.id !== rid && !r.fastHotel)).restaurantId;
    nextSeat = await tablesOfTheirOwn(app, rid, 40, "会员");
    const found = plainDishes(await menuOf(app, rid)).find(
      (d) => d.vipPrice !== null && d.vipPrice < d.price,
    );
    if (!found) throw new Error("no plain dish with a member price");
    dish = found;
    // the demo's card type (金卡): 2 points a yuan, and no member day (the demo's Wednesdays would take
    // 12% off instead of the member prices these tests expect); its 满减 offer out of the way but where a
    // test says otherwise
    await app.db
      .update(memberCardTypes)
      .set({ pointsPerYuan: 2, memberDay: null })
      .where(and(eq(memberCardTypes.restaurantId, rid), eq(memberCardTypes.cardType, 1)));
    await app.db.update(discountOffers).set({ enabled: false }).where(eq(discountOffers.restaurantId, rid));
  });
  afterAll(() => app.close());

  const priceCents = () => yuanToCents(dish.price.toFixed(2));
  const vipCents = () => yuanToCents((dish.vipPrice ?? 0).toFixed(2));

  let phones = 0;
  /** A member with a card here (member prices), logged in on `guids` (their sessions and chosen card). */
  async function member(
    guids: string[],
    opts: { storedCents?: number; points?: number; restaurantId?: number; memberDay?: MemberDaySetting } = {},
  ) {
    const restaurantId = opts.restaurantId ?? rid;
    const phone = `137${String(10_000_000 + phones++).padStart(8, "0")}`;
    const { card, member: holder } = await openCard(app.db, {
      phone,
      restaurantId,
      cardTypeName: "金卡",
      isVipPrice: true,
      memberDay: opts.memberDay ?? null,
      now: now(),
    });
    for (const guid of guids) {
      await app.db.insert(memberSessions).values({
        tokenHash: randomBytes(16).toString("hex"),
        guid,
        memberId: holder.id,
        restaurantId,
        expiresAt: new Date(Date.now() + 3_600_000),
        refreshUntil: new Date(Date.now() + 86_400_000),
      });
      // the card chosen at this restaurant (another restaurant's card, for the attack)
      await app.db.insert(memberChoices).values({ guid, restaurantId: rid, cardId: card.id });
    }
    if (opts.storedCents)
      await rechargePaid(app.db, {
        cardId: card.id,
        paymentKey: `pay-${randomUUID()}`,
        rechargeCents: opts.storedCents,
        rules: [],
        source: "sandbox",
        actor: "system",
        now: now(),
      });
    if (opts.points)
      await earnPoints(app.db, {
        cardId: card.id,
        paymentKey: `pay-${randomUUID()}`,
        points: opts.points,
        paidCents: opts.points * 100,
        actor: "system",
        now: now(),
      });
    return card;
  }

  /** a ¥`faceCents` cash coupon on the card, usable from now */
  async function couponFor(cardId: number, faceCents: number, restaurantId = rid) {
    const template = await createCouponTemplate(
      app.db,
      { restaurantId, name: `立减${faceCents / 100}元`, couponType: 1, faceCents, validityType: 1 },
      now(),
    );
    const { coupon } = await giveCoupon(app.db, {
      cardId,
      templateId: template.id,
      giveKey: `test:${randomUUID()}`,
      now: now(),
    });
    return coupon;
  }

  /** A diner at a table of their own with an order of `count` of the dish. */
  async function orderBy(guid: string, count = 1, seat: Seat = nextSeat()) {
    const diner = await new Diner(app, guid, seat).sit();
    await diner.add(dish.id, undefined, count);
    const answer = json(await diner.submit());
    expect(answer.code, JSON.stringify(answer)).toBe(1000);
    return { diner, orderId: (answer.data as { orderId: number }).orderId };
  }

  const notify = (message: { body: string; headers: Record<string, string> }) =>
    deliverNotification(app, rid, message);
  const detail = async (diner: Diner, orderId: number) =>
    json(await diner.get(`${API.orderDetail}/${orderId}?rid=${rid}&paymentType=1`)).data as OrderDetail;
  const discounts = async (diner: Diner, orderId: number, query = "") =>
    json(await diner.get(`${MEMBER_API.discounts}?rid=${rid}&orderId=${orderId}${query}`))
      .data as MemberDiscounts;
  const orderRow = async (orderId: number) =>
    (await app.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const couponRow = async (id: number) =>
    (await app.db.select().from(memberCoupons).where(eq(memberCoupons.id, id)))[0];
  const ledgerOf = (cardId: number) =>
    app.db.select().from(memberLedger).where(eq(memberLedger.cardId, cardId)).orderBy(memberLedger.seq);

  it("prices a logged-in member's order at member prices at submit, and /pay charges that price", async () => {
    const guid = `guid-${randomUUID()}`;
    const card = await member([guid]);
    const { diner, orderId } = await orderBy(guid, 2);
    const placed = await orderRow(orderId);
    expect(placed).toMatchObject({ memberCardId: card.id, memberPrices: true });
    const quote = await discounts(diner, orderId);
    expect(quote.plainCents).toBe(2 * priceCents());
    expect(quote.steps.map((s) => s.kind)).toContain("memberPrice");
    expect(quote.payableCents).toBe(2 * vipCents());
    expect(quote.gatewayCents).toBe(2 * vipCents());
    expect(quote.member).toMatchObject({ cardId: card.id, mine: true });
    const shown = await detail(diner, orderId);
    expect(shown.orderVipNeedMoney).toBe(yuan(2 * vipCents()));
    expect(shown.orderNeedMoney).toBe(yuan(2 * vipCents()));
    expect(shown.member).toMatchObject({ cardId: card.id, mine: true });
    const start = json(await diner.prepay(orderId)).data as PayStart;
    expect(start.amount).toBe(yuan(2 * vipCents()));
  });

  it("charges a member the total their checkout showed: member prices or the member day, the better, both databases", async () => {
    const [{ timeZone } = { timeZone: "" }] = await app.db
      .select({ timeZone: restaurants.timezone })
      .from(restaurants)
      .where(eq(restaurants.id, rid));
    // the menu as the diner app has it, and a second dish for the cart
    const menu = await menuOf(app, rid);
    const lookup = (id: number) => menu.find((d) => d.dishesId === id);
    const other = plainDishes(menu).find((d) => d.id !== dish.id);
    if (!other) throw new Error("no second plain dish");
    const today = zonedDateTime(now(), timeZone).weekday;
    const cases = [
      // 5折 beats the member price; 9.9折 does not; a member day on another weekday is none today
      { weekday: today, percent: 50, charged: 50, benefit: "memberDay" },
      { weekday: today, percent: 99, charged: 99, benefit: "memberPrice" },
      { weekday: (today % 7) + 1, percent: 50, charged: null, benefit: "memberPrice" },
    ] as const;
    for (const { weekday, percent, charged, benefit } of cases) {
      const guid = `guid-${randomUUID()}`;
      await member([guid], { memberDay: { weekdays: [weekday], monthDays: [], percent } });
      const diner = await new Diner(app, guid, nextSeat()).sit();
      await diner.add(dish.id, PLAIN, 3);
      const { cart } = await diner.op({ kind: "add", foodId: other.id, choice: PLAIN });
      // what the diner app's checkout shows for this cart (its cart-total.ts), before submitting
      const shown = cartMemberDiscounts(
        summarizeCart(cart.lines, lookup, false).priced,
        { vipPrice: true, memberDayPercent: charged },
        { now: now(), timeZone },
      );
      expect(shown.memberBenefit).toBe(benefit);
      const answer = json(await diner.submit());
      expect(answer.code, JSON.stringify(answer)).toBe(1000);
      const orderId = (answer.data as { orderId: number }).orderId;
      expect(await orderRow(orderId)).toMatchObject({ memberPrices: true, memberDayPercent: charged });
      const quote = await discounts(diner, orderId);
      expect(quote.payableCents).toBe(shown.payableCents);
      expect(quote.steps.map((step) => [step.kind, step.label, step.cents])).toEqual(
        shown.steps.map((step) => [step.kind, step.label, step.cents]),
      );
      expect((await detail(diner, orderId)).orderNeedMoney).toBe(yuan(shown.payableCents));
      expect((json(await diner.prepay(orderId)).data as PayStart).amount).toBe(yuan(shown.payableCents));
    }
  });

  it("prices a tablemate without the card at regular prices until a paid order fixes the visit's card, then shares it visibly", async () => {
    const memberGuid = `guid-${randomUUID()}`;
    const mateGuid = `guid-${randomUUID()}`;
    const card = await member([memberGuid], { storedCents: 0 });
    const seat = nextSeat();
    const { diner: holder, orderId } = await orderBy(memberGuid, 1, seat);
    const mate = await new Diner(app, mateGuid, seat).sit();
    await mate.add(dish.id);
    const added = json(await mate.submit(mate.order({ mainOrderId: orderId })));
    expect(added.code, JSON.stringify(added)).toBe(1000);
    const addedId = (added.data as { orderId: number }).orderId;
    expect(await orderRow(addedId)).toMatchObject({ memberCardId: null, memberPrices: false });
    // the member pays both: theirs at the member price, the tablemate's at the regular price
    const quote = await discounts(holder, orderId);
    expect(quote.payableCents).toBe(vipCents() + priceCents());
    const start = json(await holder.prepay(orderId)).data as PayStart;
    expect(start.amount).toBe(yuan(vipCents() + priceCents()));
    provider.pay(start.tradeNo);
    await notify(provider.notification(start.tradeNo));
    const [visit] = await app.db
      .select({ cardId: visits.memberCardId })
      .from(visits)
      .innerJoin(orders, eq(orders.tableId, visits.tableId))
      .where(eq(orders.id, orderId));
    expect(visit?.cardId).toBe(card.id);
    // from now on the tablemate shares the card, and sees whose it is
    await mate.add(dish.id);
    const later = json(await mate.submit(mate.order({ mainOrderId: orderId })));
    expect(later.code, JSON.stringify(later)).toBe(1000);
    const laterId = (later.data as { orderId: number }).orderId;
    expect(await orderRow(laterId)).toMatchObject({ memberCardId: card.id, memberPrices: true });
    const shared = await discounts(mate, laterId);
    expect(shared.payableCents).toBe(vipCents());
    expect(shared.member).toMatchObject({
      cardId: card.id,
      mine: false,
      telPhone: expect.stringContaining("****"),
    });
    // a tablemate's card is shared for its prices, never for its money
    expect(shared.storedValue.allowed).toBe(false);
    const refused = json(await mate.prepay(laterId, randomUUID(), { points: 1 }));
    expect(refused.code).toBe(4732);
  });

  it("locks one coupon to one of two orders paying at once: the other is refused (4706)", async () => {
    const [g1, g2] = [`guid-${randomUUID()}`, `guid-${randomUUID()}`];
    const card = await member([g1, g2]);
    const coupon = await couponFor(card.id, 100);
    const first = await orderBy(g1);
    const second = await orderBy(g2);
    const offered = json(
      await first.diner.get(`${MEMBER_API.availableCoupons}?rid=${rid}&orderId=${first.orderId}`),
    ).data as AvailableCoupons;
    expect(offered.bestCouponId).toBe(coupon.id);
    expect(offered.coupons).toEqual([
      expect.objectContaining({ couponId: coupon.id, verdict: expect.objectContaining({ usable: true }) }),
    ]);
    const answers = await Promise.all(
      [first, second].map(({ diner, orderId }) =>
        diner.prepay(orderId, randomUUID(), { couponId: coupon.id }),
      ),
    );
    const codes = answers.map((a) => json(a).code).sort();
    expect(codes).toEqual([1000, 4706]);
    const won = answers.findIndex((a) => json(a).code === 1000);
    const winner = [first, second][won];
    const started = answers[won];
    if (!winner || !started) throw new Error("no winner");
    const locked = await couponRow(coupon.id);
    expect(locked).toMatchObject({ state: "locked", orderId: winner.orderId });
    // the winner's gateway is asked for the order less the coupon
    expect((json(started).data as PayStart).amount).toBe(yuan(vipCents() - 100));
    // the loser now sees why
    const loser = won === 0 ? second : first;
    const seen = json(
      await loser.diner.get(`${MEMBER_API.availableCoupons}?rid=${rid}&orderId=${loser.orderId}`),
    ).data as AvailableCoupons;
    expect(seen.coupons[0]?.verdict).toMatchObject({ usable: false, reason: "locked" });
  });

  it("holds stored value for one of two orders when the card has money for one (4701 for the other)", async () => {
    const [g1, g2] = [`guid-${randomUUID()}`, `guid-${randomUUID()}`];
    const card = await member([g1, g2], { storedCents: vipCents() + 50 });
    const first = await orderBy(g1);
    const second = await orderBy(g2);
    const answers = await Promise.all(
      [first, second].map(({ diner, orderId }) =>
        diner.prepay(orderId, randomUUID(), { storedValueCents: vipCents() }),
      ),
    );
    expect(answers.map((a) => json(a).code).sort()).toEqual([1000, 4701]);
    const won = answers.findIndex((a) => json(a).code === 1000);
    const started = answers[won];
    if (!started) throw new Error("no payment");
    const paid = json(started).data as PayStart;
    // stored value paid it all: no gateway, paid at once
    expect(paid).toMatchObject({ tradeNo: "", amount: "0.00", next: { kind: "paid" } });
    const { balance } = await cardBalance(app.db, card.id);
    expect(balance.principalCents).toBe(50);
    expect(balance.holds).toEqual({});
    expect(await ledgerMismatches(app.db, [card.id])).toEqual([]);
    const winner = won === 0 ? first : second;
    const shown = await detail(winner.diner, winner.orderId);
    expect(shown).toMatchObject({ orderNeedMoney: "0.00", totalPaidMoney: yuan(vipCents()) });
    // the kitchen has it: nothing is due
    await kitchenIdle(app.db);
    const tickets = await app.db
      .select()
      .from(kitchenTickets)
      .where(eq(kitchenTickets.orderId, winner.orderId));
    expect(tickets.map((t) => t.kind)).toEqual(["new"]);
  });

  it("on the paid word captures the hold, uses the coupon and earns points once, however often the word comes", async () => {
    const guid = `guid-${randomUUID()}`;
    const card = await member([guid], { storedCents: 300, points: 50 });
    const coupon = await couponFor(card.id, 100);
    const { diner, orderId } = await orderBy(guid, 2);
    const payable = 2 * vipCents() - 100 - 20;
    const quote = await discounts(diner, orderId, `&couponId=${coupon.id}&points=20&storedValue=300`);
    expect(quote).toMatchObject({
      payableCents: payable,
      couponId: coupon.id,
      points: { used: 20, allowed: true },
      storedValue: { usedCents: 300, allowed: true, combine: true },
      gatewayCents: payable - 300,
    });
    const start = json(
      await diner.prepay(orderId, randomUUID(), { couponId: coupon.id, points: 20, storedValueCents: 300 }),
    ).data as PayStart;
    expect(start.amount).toBe(yuan(payable - 300));
    const [hold] = await app.db.select().from(memberHolds).where(eq(memberHolds.orderId, orderId));
    expect(hold).toMatchObject({ state: "open", cents: 300, points: 20 });
    provider.pay(start.tradeNo);
    const word = provider.notification(start.tradeNo);
    await notify(word);
    await notify(word);
    await notify(provider.notification(start.tradeNo));
    const entries = await ledgerOf(card.id);
    expect(entries.filter((e) => e.kind === "spend")).toHaveLength(1);
    const earned = entries.filter((e) => e.kind === "earn" && e.eventKey.startsWith("earn:intent:"));
    expect(earned.map((e) => e.points)).toEqual([Math.floor(payable / 100) * pointsPerYuan]);
    expect(await couponRow(coupon.id)).toMatchObject({ state: "used", orderId });
    const { balance } = await cardBalance(app.db, card.id);
    expect(balance).toMatchObject({
      principalCents: 0,
      points: 50 - 20 + Math.floor(payable / 100) * pointsPerYuan,
    });
    expect(await ledgerMismatches(app.db, [card.id])).toEqual([]);
    const shown = await detail(diner, orderId);
    expect(shown).toMatchObject({
      orderNeedMoney: "0.00",
      totalPaidMoney: yuan(payable),
      orderCouponMoney: "1.00",
      orderDiscount: yuan(2 * priceCents() - payable),
    });
    const view = json(await diner.get(`/deal/api/v1/prepay/orders/${orderId}?rid=${rid}`)).data as PayView;
    expect(view).toMatchObject({ state: "paid", due: "0.00", paid: yuan(payable), storedValue: yuan(300) });
    // /pay/success's 支付明细: the gateway's part, the stored value, the coupon and the points
    const seen = json(await diner.get(`${PAY_API.payAttempt(start.tradeNo)}?rid=${rid}`)).data as PayAttempt;
    expect(seen).toMatchObject({ status: "paid", provider: "sandbox" });
    expect(seen.paidWith).toMatchObject({ gateway: yuan(payable - 300), storedValue: yuan(300) });
    expect(seen.paidWith.discounts.map((d) => d.kind)).toEqual(expect.arrayContaining(["coupon", "points"]));
  });

  it("gives the hold and the coupon back when the order is cancelled, and when its payment expires", async () => {
    const guid = `guid-${randomUUID()}`;
    const card = await member([guid], { storedCents: 200 });
    const coupon = await couponFor(card.id, 100);
    const choice = { couponId: coupon.id, storedValueCents: 200 };
    // cancelled: the attempt failed, and the diner cancels the order
    const cancelled = await orderBy(guid);
    const start = json(await cancelled.diner.prepay(cancelled.orderId, randomUUID(), choice))
      .data as PayStart;
    provider.fail(start.tradeNo);
    await notify(provider.notification(start.tradeNo));
    expect((await cardBalance(app.db, card.id)).balance.holds).not.toEqual({});
    const cancel = json(await cancelled.diner.post(API.orderCancel(cancelled.orderId), { rid }));
    expect(cancel.code, JSON.stringify(cancel)).toBe(1000);
    expect((await cardBalance(app.db, card.id)).spendable.cents).toBe(200);
    expect(await couponRow(coupon.id)).toMatchObject({ state: "unused", orderId: null });
    // expired: nobody pays, and the reconciliation job lets it go once the payment's time is over
    const expiring = await orderBy(guid);
    json(await expiring.diner.prepay(expiring.orderId, randomUUID(), choice));
    expect(await couponRow(coupon.id)).toMatchObject({ state: "locked", orderId: expiring.orderId });
    shiftMs = 16 * 60_000;
    try {
      const summary = await reconcileOnce(app.payments);
      expect(summary.memberExpired).toBeGreaterThanOrEqual(1);
    } finally {
      shiftMs = 0;
    }
    expect((await cardBalance(app.db, card.id)).spendable.cents).toBe(200);
    expect(await couponRow(coupon.id)).toMatchObject({ state: "unused", orderId: null });
    expect(await ledgerMismatches(app.db, [card.id])).toEqual([]);
  });

  it("on a partial refund puts stored value back and takes back points in proportion", async () => {
    const guid = `guid-${randomUUID()}`;
    const card = await member([guid], { storedCents: 500 });
    const { diner, orderId } = await orderBy(guid, 3);
    const payable = 3 * vipCents();
    const start = json(await diner.prepay(orderId, randomUUID(), { storedValueCents: 500 })).data as PayStart;
    provider.pay(start.tradeNo);
    await notify(provider.notification(start.tradeNo));
    const earned = Math.floor(payable / 100) * pointsPerYuan;
    expect((await cardBalance(app.db, card.id)).balance).toMatchObject({ principalCents: 0, points: earned });
    const staff = async (role: "cashier") => staffHeaders(app, rid, role);
    const [payment] = json(
      await app.server.inject({
        url: `${API.consolePayments(rid)}?orderId=${orderId}`,
        headers: await staff("cashier"),
      }),
    ).data as ConsolePayment[];
    if (!payment) throw new Error("no payment");
    await staffHeaders(app, rid, "manager");
    const { login, pin } = testStaff(rid, "manager");
    // the gateway's part and ¥2 of the stored value
    const refundCents = payable - 500 + 200;
    const refunded = await app.server.inject({
      method: "POST",
      url: API.consoleRefund(rid, payment.intentId),
      headers: await staff("cashier"),
      payload: { amount: yuan(refundCents), reason: "部分退款", approval: { login, pin } },
    });
    expect(json(refunded).code, JSON.stringify(json(refunded))).toBe(1000);
    const { balance } = await cardBalance(app.db, card.id);
    expect(balance.principalCents).toBe(200);
    expect(balance.points).toBe(earned - Math.floor((earned * refundCents) / payable));
    expect(await ledgerMismatches(app.db, [card.id])).toEqual([]);
    // no more than was paid comes back
    const tooMuch = await app.server.inject({
      method: "POST",
      url: API.consoleRefund(rid, payment.intentId),
      headers: await staff("cashier"),
      payload: { amount: yuan(payable - refundCents + 1), reason: "多退", approval: { login, pin } },
    });
    expect(json(tooMuch).code).toBe(4605);
  });

  it("a full refund puts back the stored value and the points it redeemed, takes back those it earned, and closes the order", async () => {
    const guid = `guid-${randomUUID()}`;
    const card = await member([guid], { storedCents: 300, points: 50 });
    const { diner, orderId } = await orderBy(guid, 2);
    const payable = 2 * vipCents() - 20;
    const start = json(await diner.prepay(orderId, randomUUID(), { points: 20, storedValueCents: 300 }))
      .data as PayStart;
    provider.pay(start.tradeNo);
    await notify(provider.notification(start.tradeNo));
    expect((await cardBalance(app.db, card.id)).balance).toMatchObject({
      principalCents: 0,
      points: 50 - 20 + Math.floor(payable / 100) * pointsPerYuan,
    });
    const cashier = await staffHeaders(app, rid, "cashier");
    const [payment] = json(
      await app.server.inject({ url: `${API.consolePayments(rid)}?orderId=${orderId}`, headers: cashier }),
    ).data as ConsolePayment[];
    await staffHeaders(app, rid, "manager");
    const { login, pin } = testStaff(rid, "manager");
    const refund = (cents: number) =>
      app.server.inject({
        method: "POST",
        url: API.consoleRefund(rid, payment?.intentId ?? 0),
        headers: cashier,
        payload: { amount: yuan(cents), reason: "全部退款", approval: { login, pin } },
      });
    // the gateway's part first: stored value still spent, the order still paid and open
    expect(json(await refund(payable - 300)).code).toBe(1000);
    expect((await app.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe(0);
    // then the stored value: all of it back, so the redeemed points come back too
    expect(json(await refund(300)).code).toBe(1000);
    const { balance } = await cardBalance(app.db, card.id);
    expect(balance).toMatchObject({ principalCents: 300, points: 50 });
    expect(await ledgerMismatches(app.db, [card.id])).toEqual([]);
    expect((await app.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe(4);
    expect(await detail(diner, orderId)).toMatchObject({ status: 4, orderNeedMoney: "0.00" });
    // nothing more to give: another refund is refused and the card does not move
    expect(json(await refund(1)).code).toBe(4605);
    expect((await cardBalance(app.db, card.id)).balance).toMatchObject({ principalCents: 300, points: 50 });
  });

  it("a paid order cancelled by the cashier gives back the points it redeemed and the stored value, and takes back those it earned", async () => {
    const guid = `guid-${randomUUID()}`;
    const card = await member([guid], { storedCents: 100, points: 40 });
    const { diner, orderId } = await orderBy(guid, 2);
    const start = json(await diner.prepay(orderId, randomUUID(), { points: 30, storedValueCents: 100 }))
      .data as PayStart;
    provider.pay(start.tradeNo);
    await notify(provider.notification(start.tradeNo));
    const payable = 2 * vipCents() - 30;
    expect((await cardBalance(app.db, card.id)).balance).toMatchObject({
      principalCents: 0,
      points: 40 - 30 + Math.floor(payable / 100) * pointsPerYuan,
    });
    const manager = await staffHeaders(app, rid, "manager");
    const cancel = () =>
      app.server.inject({
        method: "POST",
        url: API.consoleOrderAction(rid, orderId, "cancel"),
        headers: manager,
        payload: { reason: "客人要求" },
      });
    const answer = json(await cancel());
    expect(answer.code, JSON.stringify(answer)).toBe(1000);
    expect((await orderRow(orderId))?.status).toBe(ORDER_STATUS.cancelled);
    expect((await cardBalance(app.db, card.id)).balance).toMatchObject({ principalCents: 100, points: 40 });
    expect(await ledgerMismatches(app.db, [card.id])).toEqual([]);
    // a second cancel changes nothing on the card
    await cancel();
    expect((await cardBalance(app.db, card.id)).balance).toMatchObject({ principalCents: 100, points: 40 });
  });

  it("refuses another member's coupon, another restaurant's card and stored value above the balance", async () => {
    const guid = `guid-${randomUUID()}`;
    const card = await member([guid], { storedCents: 100 });
    const stranger = await member([`guid-${randomUUID()}`]);
    const theirs = await couponFor(stranger.id, 100);
    const { diner, orderId } = await orderBy(guid);
    const other = json(await diner.prepay(orderId, randomUUID(), { couponId: theirs.id }));
    expect(other.code).toBe(404);
    expect(await couponRow(theirs.id)).toMatchObject({ state: "unused" });
    const forged = json(await diner.prepay(orderId, randomUUID(), { storedValueCents: 101 }));
    expect(forged.code).toBe(4701);
    const above = json(await diner.prepay(orderId, randomUUID(), { storedValueCents: vipCents() + 1 }));
    expect(above.code).toBe(400);
    expect((await cardBalance(app.db, card.id)).balance.holds).toEqual({});
    // a card of another restaurant, chosen here: no member status, no member money, regular prices
    const abroad = `guid-${randomUUID()}`;
    await member([abroad], { storedCents: 10_000, restaurantId: otherRid });
    const away = await orderBy(abroad);
    expect(await orderRow(away.orderId)).toMatchObject({ memberCardId: null, memberPrices: false });
    expect((await discounts(away.diner, away.orderId)).storedValue.allowed).toBe(false);
    expect(json(await away.diner.prepay(away.orderId, randomUUID(), { storedValueCents: 100 })).code).toBe(
      4732,
    );
  });

  it("takes a 满减 offer off for anyone, member or not, and the gateway is asked for the rest", async () => {
    const [offer] = await app.db
      .insert(discountOffers)
      .values({ restaurantId: rid, thresholdCents: priceCents(), reductionCents: 300 })
      .returning();
    try {
      const { diner, orderId } = await orderBy(`guid-${randomUUID()}`);
      const quote = await discounts(diner, orderId);
      expect(quote.member).toBeNull();
      expect(quote.steps).toEqual([
        { kind: "fullReduction", label: expect.stringMatching(/^满/), cents: 300 },
      ]);
      expect(quote.payableCents).toBe(priceCents() - 300);
      const view = json(await diner.get(`/deal/api/v1/prepay/orders/${orderId}?rid=${rid}`)).data as PayView;
      expect(view.due).toBe(yuan(priceCents() - 300));
      const start = json(await diner.prepay(orderId)).data as PayStart;
      expect(start.amount).toBe(yuan(priceCents() - 300));
      provider.pay(start.tradeNo);
      await notify(provider.notification(start.tradeNo));
      expect(await detail(diner, orderId)).toMatchObject({ orderNeedMoney: "0.00", orderDiscount: "3.00" });
    } finally {
      await app.db
        .update(discountOffers)
        .set({ enabled: false })
        .where(eq(discountOffers.id, offer?.id ?? 0));
    }
  });
});
