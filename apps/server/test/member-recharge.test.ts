import { randomUUID } from "node:crypto";
import { rechargePaySign } from "@tablemate/client";
import {
  API,
  AppError,
  AWARD_TYPE,
  GIFT_TYPE,
  MEMBER_API,
  PAY_API,
  type PayAttempt,
  type RechargeStart,
  type RechargeView,
  rechargeRuleSchema,
  rechargeStartSchema,
  rechargeViewSchema,
} from "@tablemate/core";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  idempotencyKeys,
  memberCards,
  memberLedger,
  memberRecharges,
  payIntents,
  payRefunds,
  rechargeRules,
  restaurants,
} from "../src/db/schema.js";
import {
  cardBalance,
  cardLedger,
  ledgerMismatches,
  openCard,
  rechargePaid,
  refundRecharge,
  spendStoredValue,
} from "../src/modules/member/index.js";
import { startMemberSession } from "../src/modules/member/session.js";
import { applyTradeWord } from "../src/modules/payment/apply.js";
import { reconcileOnce } from "../src/modules/payment/reconcile.js";
import { BACKENDS } from "./support/databases.js";
import { deliverNotification, FakeProvider } from "./support/fake-provider.js";
import { asVisitor, json, startTestApp, type TestApp } from "./support/harness.js";
import { staffHeaders } from "./support/staff.js";

/** the demo's 充值500送50 */
const R500 = { rechargeCents: 50_000, giftCents: 5_000 };

interface Member {
  guid: string;
  token: string;
  memberId: number;
  cardId: number;
}

/** the AppError a promise was refused with, failing the test when it was not refused */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe.each(BACKENDS)("recharging stored value through the payment port (%s)", (backend) => {
  let app: TestApp;
  const provider = new FakeProvider();
  let shiftMs = 0;
  const now = () => new Date(Date.now() + shiftMs);
  /** 江南食府: prepayment, recharge open (the demo's 充值500送50) */
  let rid = 0;
  /** 川味小馆: recharge not open */
  let closedRid = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, {
      now,
      paymentProviders: { sandbox: provider },
      env: { PAY_RECONCILE_MS: "0" },
    });
    const all = await app.db.select().from(restaurants);
    rid = all.find((r) => r.openRecharge)?.id ?? 0;
    closedRid = all.find((r) => !r.openRecharge)?.id ?? 0;
    if (!rid || !closedRid) throw new Error("no demo restaurants");
  });
  afterAll(() => app?.close());

  /** The restaurant's recharge rules are exactly these from now on (the old ones switched off). */
  async function useRules(
    rules: Array<Partial<typeof rechargeRules.$inferInsert> & { rechargeCents: number }>,
  ) {
    await app.db.update(rechargeRules).set({ enabled: false }).where(eq(rechargeRules.restaurantId, rid));
    return app.db
      .insert(rechargeRules)
      .values(rules.map((r) => ({ restaurantId: rid, ...r })))
      .returning();
  }

  let phones = 0;
  /** A member logged in on a visitor of their own, with a card at `restaurantId`. */
  async function member(
    restaurantId = rid,
    card: { status?: number; chargeFlag?: boolean } = {},
  ): Promise<Member> {
    const phone = `137${String(20_000_000 + phones++).padStart(8, "0")}`;
    const opened = await openCard(app.db, {
      phone,
      restaurantId,
      cardTypeName: "金卡",
      chargeFlag: card.chargeFlag,
      now: now(),
    });
    if (card.status !== undefined)
      await app.db.update(memberCards).set({ status: card.status }).where(eq(memberCards.id, opened.card.id));
    const guid = `guid-${randomUUID()}`;
    // the session a login's SMS code starts
    const { token } = await startMemberSession(app.db, {
      memberId: opened.member.id,
      guid,
      restaurantId,
      at: now(),
    });
    return { guid, token, memberId: opened.member.id, cardId: opened.card.id };
  }

  interface Ask {
    cardId?: number;
    rid?: number;
    timestamp?: number;
    /** null: no paySign header; a string: that one */
    sign?: string | null;
    token?: string | null;
    ruleId?: number;
  }

  /** The signed request and its parts, as the recharge page sends it. */
  async function signed(m: Member, money: number, ask: Ask = {}) {
    const body = {
      rid: ask.rid ?? rid,
      cardId: ask.cardId ?? m.cardId,
      rechargeMoney: money,
      timestamp: ask.timestamp ?? now().getTime(),
      ...(ask.ruleId === undefined ? {} : { ruleId: ask.ruleId }),
    };
    const sign = ask.sign === undefined ? rechargePaySign(m.token, body) : ask.sign;
    const token = ask.token === undefined ? m.token : ask.token;
    const headers: Record<string, string> = { ...asVisitor(m.guid) };
    if (token !== null) headers["member-token"] = token;
    if (sign !== null) headers.paysign = sign;
    return { body, headers };
  }

  const send = (request: { body: object; headers: Record<string, string> }) =>
    app.server.inject({
      method: "POST",
      url: MEMBER_API.rechargePrepay,
      headers: request.headers,
      payload: request.body,
    });

  async function prepay(m: Member, money: number, ask: Ask = {}) {
    return send(await signed(m, money, ask));
  }

  async function started(m: Member, money: number, ask: Ask = {}): Promise<RechargeStart> {
    const answer = json(await prepay(m, money, ask));
    expect(answer.code, JSON.stringify(answer)).toBe(1000);
    return rechargeStartSchema.parse(answer.data);
  }

  const notify = (message: { body: string; headers: Record<string, string> }) =>
    deliverNotification(app, rid, message);

  async function view(m: Member, tradeNo: string): Promise<RechargeView> {
    const answer = await app.server.inject({
      url: `${MEMBER_API.recharge(tradeNo)}?rid=${rid}`,
      headers: { ...asVisitor(m.guid), "member-token": m.token },
    });
    expect(json(answer).code, answer.body).toBe(1000);
    return rechargeViewSchema.parse(json(answer).data);
  }

  /** everything a refused request could have written */
  const written = async () => ({
    recharges: (await app.db.select().from(memberRecharges)).length,
    intents: (await app.db.select().from(payIntents)).length,
    keys: (await app.db.select().from(idempotencyKeys)).length,
    ledger: (await app.db.select().from(memberLedger)).length,
    trades: provider.trades.size,
  });

  async function expectRefused(request: () => Promise<{ statusCode: number; body: string }>, code: number) {
    const before = await written();
    const answer = await request();
    expect(JSON.parse(answer.body).code, answer.body).toBe(code);
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(await written()).toEqual(before);
  }

  const entriesOf = async (cardId: number) =>
    (await cardLedger(app.db, cardId)).map((e) => ({
      kind: e.kind,
      principal: e.principalCents,
      gift: e.giftCents,
      points: e.points,
    }));

  it("answers the restaurant's rules by amount, each in words (its family's rules call)", async () => {
    await useRules([
      { rechargeCents: 100_000, giftCents: 12_000, giftPoints: 200 },
      R500,
      { rechargeCents: 20_000, custom: true },
    ]);
    const answer = json(await app.server.inject({ url: `${MEMBER_API.fusecrm.rechargeRules}?rid=${rid}` }));
    const rules = z.array(rechargeRuleSchema).parse(answer.data);
    expect(rules.map((r) => [r.rechargeMoney, r.text, r.custom])).toEqual([
      [20_000, "充200", true],
      [50_000, "充500送50", false],
      [100_000, "充1000送120+200积分", false],
    ]);
  });

  it("refuses a missing, wrong or stale paySign, writing nothing", async () => {
    await useRules([R500]);
    const m = await member();
    await expectRefused(() => prepay(m, 50_000, { sign: null }), 4720);
    await expectRefused(() => prepay(m, 50_000, { sign: "0".repeat(64) }), 4720);
    await expectRefused(() => prepay(m, 50_000, { sign: "not hex" }), 4720);
    // signed for another amount than the body says
    const other = await signed(m, 40_000);
    await expectRefused(
      () => send({ body: { ...other.body, rechargeMoney: 50_000 }, headers: other.headers }),
      4720,
    );
    // signed with another member's token
    const stranger = await member();
    const theirs = await signed(stranger, 50_000, { cardId: m.cardId });
    await expectRefused(
      () =>
        send({
          body: theirs.body,
          headers: { ...theirs.headers, "member-token": m.token, ...asVisitor(m.guid) },
        }),
      4720,
    );
    await expectRefused(() => prepay(m, 50_000, { timestamp: now().getTime() - 5 * 60_000 - 1_000 }), 4721);
    await expectRefused(() => prepay(m, 50_000, { timestamp: now().getTime() + 6 * 60_000 }), 4721);
  });

  it("refuses a request without the member's login here (1990): none, another visitor's, another restaurant's", async () => {
    await useRules([R500]);
    const m = await member();
    await expectRefused(() => prepay(m, 50_000, { token: null }), 1990);
    const request = await signed(m, 50_000);
    await expectRefused(
      () => send({ body: request.body, headers: { ...request.headers, ...asVisitor("guid-someone-else") } }),
      1990,
    );
    const elsewhere = await member(closedRid);
    await expectRefused(() => prepay(elsewhere, 50_000), 1990);
  });

  it("refuses another member's card, a card of another restaurant, a frozen card and one without stored value", async () => {
    await useRules([R500]);
    const m = await member();
    const other = await member();
    await expectRefused(() => prepay(m, 50_000, { cardId: other.cardId }), 1403);
    const elsewhere = await openCard(app.db, {
      phone: "13900000001",
      restaurantId: closedRid,
      cardTypeName: "银卡",
      now: now(),
    });
    await app.db
      .update(memberCards)
      .set({ memberId: m.memberId })
      .where(eq(memberCards.id, elsewhere.card.id));
    await expectRefused(() => prepay(m, 50_000, { cardId: elsewhere.card.id }), 100002);
    const frozen = await member(rid, { status: 4 });
    await expectRefused(() => prepay(frozen, 50_000), 10020);
    const noStoredValue = await member(rid, { chargeFlag: false });
    await expectRefused(() => prepay(noStoredValue, 50_000), 10024);
  });

  it("refuses where recharge is not open, and an amount no rule allows", async () => {
    const rules = await useRules([
      R500,
      { rechargeCents: 100_000, giftCents: 12_000 },
      { rechargeCents: 20_000, custom: true },
    ]);
    const m = await member();
    await app.db.update(restaurants).set({ openRecharge: false }).where(eq(restaurants.id, rid));
    try {
      await expectRefused(() => prepay(m, 50_000), 403);
    } finally {
      await app.db.update(restaurants).set({ openRecharge: true }).where(eq(restaurants.id, rid));
    }
    await expectRefused(() => prepay(m, 19_999), 4722);
    // the rule tapped does not allow it (the page's rules were stale)
    await expectRefused(() => prepay(m, 50_000, { ruleId: rules[1]?.id }), 4722);
    // at or above a custom rule's amount: allowed
    expect((await started(m, 33_300)).amount).toBe("333.00");
  });

  it("a replayed request answers the same recharge, never a second one, even at once", async () => {
    await useRules([R500]);
    const m = await member();
    const request = await signed(m, 50_000);
    const first = json(await send(request));
    expect(first.code).toBe(1000);
    const start = rechargeStartSchema.parse(first.data);
    expect(start).toMatchObject({ amount: "500.00", provider: "sandbox", test: true });
    expect(start.next).toEqual({ kind: "redirect", url: `https://fake.pay.test/checkout/${start.tradeNo}` });
    // the way back is the recharge page (by default), with the trade
    expect(provider.trades.get(start.tradeNo)?.input.returnUrl).toMatch(
      new RegExp(`/member/recharge\\?tradeNo=${start.tradeNo}$`),
    );
    expect(json(await send(request)).data).toEqual(start);
    const again = await Promise.all([send(request), send(request), send(request)]);
    for (const answer of again) expect(json(answer).data).toEqual(start);
    const second = await signed(m, 50_000, { timestamp: request.body.timestamp + 1 });
    const concurrent = await Promise.all([send(second), send(second), send(second)]);
    const codes = concurrent.map((a) => json(a).code);
    expect(codes.filter((c) => c === 1000).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 1000 || c === 4602)).toBe(true);
    const rows = await app.db.select().from(memberRecharges).where(eq(memberRecharges.cardId, m.cardId));
    expect(rows).toHaveLength(2);
    expect(provider.calls.filter((c) => c === `create ${start.tradeNo}`)).toHaveLength(1);
  });

  it("only the verified paid word posts it: duplicate and racing notifications make one principal entry and one gift", async () => {
    await useRules([{ ...R500, giftPoints: 20 }]);
    const m = await member();
    const start = await started(m, 50_000);
    expect((await view(m, start.tradeNo)).state).toBe("pending");
    // a forged notification (another key) and a wrong amount post nothing
    expect((await notify({ body: "{}", headers: { "x-fake-signature": "1,00" } })).statusCode).toBe(400);
    provider.pay(start.tradeNo);
    expect((await notify(provider.notification(start.tradeNo, { amountCents: 5_000 }))).statusCode).toBe(400);
    expect(await cardLedger(app.db, m.cardId)).toEqual([]);
    const message = provider.notification(start.tradeNo);
    await Promise.all([notify(message), notify(message), notify(provider.notification(start.tradeNo))]);
    await notify(message);
    expect(await entriesOf(m.cardId)).toEqual([
      { kind: "recharge", principal: 50_000, gift: 0, points: 0 },
      { kind: "gift", principal: 0, gift: 5_000, points: 20 },
    ]);
    const seen = await view(m, start.tradeNo);
    expect(seen).toMatchObject({
      state: "paid",
      rechargeMoney: 50_000,
      giftMoney: 5_000,
      giftPoints: 20,
      balance: 55_000,
      test: true,
    });
    expect(await ledgerMismatches(app.db, [m.cardId])).toEqual([]);
    const [row] = await app.db.select().from(memberRecharges).where(eq(memberRecharges.id, start.rechargeId));
    expect(row?.paidAt).not.toBeNull();
  });

  it("back from the provider before its notification: the attempt's query posts it, the page reads the new balance", async () => {
    await useRules([R500]);
    const m = await member();
    const start = await started(m, 50_000);
    provider.pay(start.tradeNo);
    const attempt = json(
      await app.server.inject({
        url: `${PAY_API.payAttempt(start.tradeNo)}?rid=${rid}`,
        headers: asVisitor(m.guid),
      }),
    ).data as PayAttempt;
    expect(attempt).toMatchObject({ status: "paid", orderId: null });
    expect((await view(m, start.tradeNo)).balance).toBe(55_000);
    await notify(provider.notification(start.tradeNo));
    expect((await cardBalance(app.db, m.cardId)).balance).toMatchObject({
      principalCents: 50_000,
      giftCents: 5_000,
    });
    // another member reads nothing of it
    const other = await member();
    const theirs = await app.server.inject({
      url: `${MEMBER_API.recharge(start.tradeNo)}?rid=${rid}`,
      headers: { ...asVisitor(other.guid), "member-token": other.token },
    });
    expect(json(theirs).code).toBe(404);
  });

  it("gives each gift type's gift, as promised when it started", async () => {
    const m = await member();
    // per multiple: 每充100送10 and 5 points, any amount from 100
    await useRules([
      {
        rechargeCents: 10_000,
        giftCents: 1_000,
        giftPoints: 5,
        giftType: GIFT_TYPE.perMultiple,
        custom: true,
      },
    ]);
    const per = await started(m, 35_000);
    // a percentage: 充500送10%
    await useRules([{ rechargeCents: 50_000, giftCents: 10, awardType: AWARD_TYPE.percent, custom: true }]);
    const percent = await started(m, 80_000);
    // the rules change while they pay: what was promised stands
    await useRules([{ rechargeCents: 10_000 }]);
    for (const start of [per, percent]) {
      provider.pay(start.tradeNo);
      await notify(provider.notification(start.tradeNo));
    }
    expect(await entriesOf(m.cardId)).toEqual([
      { kind: "recharge", principal: 35_000, gift: 0, points: 0 },
      { kind: "gift", principal: 0, gift: 3_000, points: 15 },
      { kind: "recharge", principal: 80_000, gift: 0, points: 0 },
      { kind: "gift", principal: 0, gift: 8_000, points: 0 },
    ]);
    expect((await view(m, percent.tradeNo)).balance).toBe(35_000 + 3_000 + 80_000 + 8_000);
    expect(await ledgerMismatches(app.db, [m.cardId])).toEqual([]);
  });

  it("refuses topping stored value up with stored value, writing nothing", async () => {
    await useRules([R500]);
    const m = await member();
    const error = await refusal(
      rechargePaid(app.db, {
        cardId: m.cardId,
        paymentKey: "stored-value-topping-up",
        rechargeCents: 50_000,
        rules: [],
        source: "storedValue",
        actor: "system",
        now: now(),
      }),
    );
    expect(error.code).toBe(4705);
    expect(await cardLedger(app.db, m.cardId)).toEqual([]);
  });

  it("expiry closes an unpaid recharge; money that comes after is refunded, never posted", async () => {
    await useRules([R500]);
    const m = await member();
    const start = await started(m, 50_000);
    shiftMs = 16 * 60_000;
    try {
      const summary = await reconcileOnce(app.payments);
      expect(summary.recharges.closed).toBeGreaterThanOrEqual(1);
      expect((await view(m, start.tradeNo)).state).toBe("closed");
      // the payer's bank was slow: the trade was paid after all
      provider.pay(start.tradeNo);
      expect((await notify(provider.notification(start.tradeNo))).statusCode).toBe(200);
    } finally {
      shiftMs = 0;
    }
    expect(await cardLedger(app.db, m.cardId)).toEqual([]);
    const [intent] = await app.db
      .select()
      .from(payIntents)
      .where(eq(payIntents.rechargeId, start.rechargeId));
    const refunds = await app.db
      .select()
      .from(payRefunds)
      .where(eq(payRefunds.intentId, intent?.id ?? 0));
    expect(refunds).toEqual([
      expect.objectContaining({ amountCents: 50_000, reason: "充值已关闭，自动退款", status: "done" }),
    ]);
  });

  it("a paid word whose posting never ran is posted by the reconciler, once", async () => {
    await useRules([R500]);
    const m = await member();
    const start = await started(m, 50_000);
    provider.pay(start.tradeNo);
    // the word applied, then the process stopped before the posting (afterPayment never ran)
    const outcome = await applyTradeWord(app.payments, start.tradeNo, {
      kind: "paid",
      amountCents: 50_000,
      providerTradeId: `FX${start.tradeNo}`,
    });
    expect(outcome.outcome).toBe("applied");
    expect(await cardLedger(app.db, m.cardId)).toEqual([]);
    const [one, two] = [await reconcileOnce(app.payments), await reconcileOnce(app.payments)];
    expect(one.recharges.posted).toBeGreaterThanOrEqual(1);
    expect(two.recharges.posted).toBe(0);
    expect((await entriesOf(m.cardId)).map((e) => e.kind)).toEqual(["recharge", "gift"]);
  });

  it("a refund returns only the unspent principal (the gift goes with it), once, and the ledger sums to the balance", async () => {
    await useRules([R500]);
    const m = await member();
    const start = await started(m, 50_000);
    provider.pay(start.tradeNo);
    await notify(provider.notification(start.tradeNo));
    // ¥200 spent: principal first
    await spendStoredValue(app.db, {
      cardId: m.cardId,
      eventKey: `order-${randomUUID()}`,
      cents: 20_000,
      points: 0,
      actor: "system",
      now: now(),
    });
    const refunded = await refundRecharge(app.payments, {
      rechargeId: start.rechargeId,
      actor: "staff:1",
      approvedBy: "staff:2",
    });
    expect(refunded.refund).toMatchObject({ amountCents: 30_000, status: "done" });
    expect(provider.calls.filter((c) => c.startsWith(`refund ${refunded.refund.refundNo}`))).toEqual([
      `refund ${refunded.refund.refundNo} 30000`,
    ]);
    // the console's refund of a payment does not take a recharge's money back (its stored value would stay)
    const [intent] = await app.db
      .select()
      .from(payIntents)
      .where(eq(payIntents.rechargeId, start.rechargeId));
    const byConsole = await app.server.inject({
      method: "POST",
      url: API.consoleRefund(rid, intent?.id ?? 0),
      headers: await staffHeaders(app, rid),
      payload: { amount: "100.00", reason: "退款" },
    });
    expect(json(byConsole).code).toBe(4723);
    const again = await refundRecharge(app.payments, { rechargeId: start.rechargeId, actor: "staff:1" });
    expect(again.refund.id).toBe(refunded.refund.id);
    expect(again.ledger.replayed).toBe(true);
    const balance = (await cardBalance(app.db, m.cardId)).balance;
    expect(balance).toMatchObject({ principalCents: 0, giftCents: 0 });
    const ledger = await cardLedger(app.db, m.cardId);
    expect(ledger.map((e) => e.kind)).toEqual(["recharge", "gift", "spend", "refund"]);
    expect(ledger.reduce((sum, e) => sum + e.principalCents + e.giftCents, 0)).toBe(
      balance.principalCents + balance.giftCents,
    );
    expect(await ledgerMismatches(app.db, [m.cardId])).toEqual([]);
    // all of it spent: nothing to give back
    const spent = await member();
    const paid = await started(spent, 50_000);
    provider.pay(paid.tradeNo);
    await notify(provider.notification(paid.tradeNo));
    await spendStoredValue(app.db, {
      cardId: spent.cardId,
      eventKey: `order-${randomUUID()}`,
      cents: 55_000,
      points: 0,
      actor: "system",
      now: now(),
    });
    expect(
      (await refusal(refundRecharge(app.payments, { rechargeId: paid.rechargeId, actor: "staff:1" }))).code,
    ).toBe(4703);
    const intents = await app.db
      .select()
      .from(payIntents)
      .where(inArray(payIntents.rechargeId, [paid.rechargeId]));
    expect(
      await app.db
        .select()
        .from(payRefunds)
        .where(and(eq(payRefunds.intentId, intents[0]?.id ?? 0))),
    ).toEqual([]);
  });
});
