import { randomUUID } from "node:crypto";
import {
  API,
  adjustmentAnswerSchema,
  consoleCardSchema,
  consoleCardTypeSchema,
  consoleOfferSchema,
  consoleRechargeRuleSchema,
  couponTemplateViewSchema,
  ERRORS,
  givenCouponSchema,
  ledgerPageSchema,
  MEMBER_TEXT,
  memberLookupAnswerSchema,
  type StaffRole,
} from "@tablemate/core";
import { and, count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { auditLog, memberCards, memberCoupons, memberLedger, tables } from "../src/db/schema.js";
import {
  holdForOrder,
  ledgerMismatches,
  openCard,
  rechargePaid,
  spendStoredValue,
} from "../src/modules/member/index.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, demoRestaurants, menuOf, placeOrders, plainDish } from "./support/ordering.js";
import { staffActor, staffHeaders, testStaff } from "./support/staff.js";

type Method = "GET" | "POST" | "PUT";

describe.each(BACKENDS)("the console's member pages on %s", (backend) => {
  let app: TestApp;
  let here: DemoRestaurant;
  let there: DemoRestaurant;
  const now = new Date();
  let phones = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const find = await demoRestaurants(app);
    here = find((r) => r.name === "川味小馆");
    there = find((r) => r.name === "江南食府");
    await app.db
      .insert(tables)
      .values(Array.from({ length: 4 }, (_, i) => ({ restaurantId: here.id, name: `会员台${i + 1}` })));
  });
  afterAll(() => app?.close());

  const call = async (
    method: Method,
    url: string,
    opts: { role?: StaffRole; rid?: number; payload?: object } = {},
  ): Promise<LightMyRequestResponse> =>
    app.server.inject({
      method,
      url,
      headers: await staffHeaders(app, opts.rid ?? here.id, opts.role ?? "owner"),
      payload: opts.payload,
    });
  /** the data of a call that must succeed, as core's answer schema has it, field for field */
  const data = async <S extends z.ZodType>(
    schema: S,
    method: Method,
    url: string,
    opts: Parameters<typeof call>[2] = {},
  ): Promise<z.output<S>> => {
    const answer = await call(method, url, opts);
    expect(answer.statusCode, answer.body).toBe(200);
    const raw = json(answer).data;
    const parsed = schema.parse(raw);
    // nothing the schema leaves out
    expect(parsed).toEqual(raw);
    return parsed;
  };

  /** a card here (or at `restaurantId`) for a new phone, with `cents` of principal */
  async function newCard(cents = 0, restaurantId = here.id) {
    const phone = `139${String(20_000_000 + phones++).padStart(8, "0")}`;
    const { card, member } = await openCard(app.db, { phone, restaurantId, cardTypeName: "金卡", now });
    if (cents > 0)
      await rechargePaid(app.db, {
        cardId: card.id,
        paymentKey: `pay-${randomUUID()}`,
        rechargeCents: cents,
        rules: [],
        source: "sandbox",
        actor: "system",
        now,
      });
    return { card, member, phone };
  }

  const ledgerCount = async (cardId: number) =>
    (await app.db.select({ n: count() }).from(memberLedger).where(eq(memberLedger.cardId, cardId)))[0]?.n;
  const audits = async () => (await app.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
  const cardRow = async (cardId: number) =>
    (await app.db.select().from(memberCards).where(eq(memberCards.id, cardId)))[0];
  const approvalOf = (role: StaffRole, pin?: string) => {
    const staff = testStaff(here.id, role);
    return { login: staff.login, pin: pin ?? staff.pin };
  };
  const adjust = (cardId: number, body: object, role: StaffRole = "owner") =>
    call("POST", API.consoleMemberAdjust(here.id, cardId), {
      role,
      payload: { adjustmentId: randomUUID(), reason: "补录", ...body },
    });

  it("keeps waiters and the kitchen out of every member call (403), and lets a cashier only look up and adjust", async () => {
    const { card } = await newCard(1000);
    const reads = [
      `${API.consoleMembers(here.id)}?q=13900000000`,
      API.consoleMemberCard(here.id, card.id),
      API.consoleMemberLedger(here.id, card.id),
    ];
    const settings = [
      API.consoleCouponTemplates(here.id),
      API.consoleRechargeRules(here.id),
      API.consoleCardTypes(here.id),
      API.consoleDiscountOffers(here.id),
    ];
    const before = await audits();
    for (const role of ["waiter", "kitchen"] as const) {
      for (const url of [...reads, ...settings])
        expect((await call("GET", url, { role })).statusCode).toBe(403);
      const freeze = await call("PUT", API.consoleMemberCardStatus(here.id, card.id), {
        role,
        payload: { status: 4, reason: "挂失" },
      });
      expect(freeze.statusCode).toBe(403);
      expect(json(freeze)).toMatchObject({ code: 403, message: "没有权限" });
      expect((await adjust(card.id, { principal: "-1" }, role)).statusCode).toBe(403);
    }
    for (const url of reads) expect((await call("GET", url, { role: "cashier" })).statusCode).toBe(200);
    for (const url of settings) expect((await call("GET", url, { role: "cashier" })).statusCode).toBe(403);
    const cashierFreeze = await call("PUT", API.consoleMemberCardStatus(here.id, card.id), {
      role: "cashier",
      payload: { status: 4, reason: "挂失" },
    });
    expect(cashierFreeze.statusCode).toBe(403);
    // without a session: 401
    expect((await app.server.inject({ method: "GET", url: reads[1] })).statusCode).toBe(401);
    expect(await audits()).toBe(before);
    expect((await cardRow(card.id))?.status).toBe(1);
    expect(await ledgerCount(card.id)).toBe(1);
  });

  it("looks a member up by phone (any prefix) or card number, with their cards here only", async () => {
    const { card, member, phone } = await newCard(12_345);
    const elsewhere = await newCard(500, there.id);
    await openCard(app.db, { phone, restaurantId: there.id, cardTypeName: "银卡", now });
    const byPhone = await data(
      memberLookupAnswerSchema,
      "GET",
      `${API.consoleMembers(here.id)}?q=86${phone}`,
    );
    expect(byPhone).toHaveLength(1);
    expect(byPhone[0]).toMatchObject({ id: member.id, phone });
    expect(byPhone[0]?.cards).toEqual([
      expect.objectContaining({
        id: card.id,
        cardNum: card.cardNum,
        status: 1,
        principal: "123.45",
        gift: "0.00",
        held: "0.00",
        spendable: "123.45",
        points: 0,
        version: 1,
      }),
    ]);
    const byNumber = await data(
      memberLookupAnswerSchema,
      "GET",
      `${API.consoleMembers(here.id)}?q=${card.cardNum}`,
    );
    expect(byNumber.map((m) => m.id)).toEqual([member.id]);
    // another restaurant's member (their phone, their card number) is not found here
    expect(
      await data(memberLookupAnswerSchema, "GET", `${API.consoleMembers(here.id)}?q=${elsewhere.phone}`),
    ).toEqual([]);
    expect(
      await data(
        memberLookupAnswerSchema,
        "GET",
        `${API.consoleMembers(here.id)}?q=${elsewhere.card.cardNum}`,
      ),
    ).toEqual([]);
    const bad = await call("GET", `${API.consoleMembers(here.id)}?q=张三`);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe("请输入 11 位手机号或会员卡号");
  });

  it("refuses another restaurant's card, template, rule, type and offer ids (404), and another restaurant's staff (403)", async () => {
    const foreign = await newCard(1000, there.id);
    const template = await data(couponTemplateViewSchema, "POST", API.consoleCouponTemplates(there.id), {
      rid: there.id,
      payload: { name: "外店券", couponType: 1, face: "5", validityType: 1 },
    });
    const rule = await data(consoleRechargeRuleSchema, "POST", API.consoleRechargeRules(there.id), {
      rid: there.id,
      payload: { rechargeMoney: "100", giftType: 1, awardType: 1, giftMoney: "10" },
    });
    const type = await data(consoleCardTypeSchema, "POST", API.consoleCardTypes(there.id), {
      rid: there.id,
      payload: { name: "外店卡" },
    });
    const offer = await data(consoleOfferSchema, "POST", API.consoleDiscountOffers(there.id), {
      rid: there.id,
      payload: { threshold: "100", reduction: "10" },
    });
    const mine = await newCard();
    const before = { audits: await audits(), ledger: await ledgerCount(foreign.card.id) };
    const refused: Array<[Method, string, object?]> = [
      ["GET", API.consoleMemberCard(here.id, foreign.card.id)],
      ["GET", API.consoleMemberLedger(here.id, foreign.card.id)],
      ["PUT", API.consoleMemberCardStatus(here.id, foreign.card.id), { status: 4, reason: "挂失" }],
      [
        "POST",
        API.consoleMemberAdjust(here.id, foreign.card.id),
        { adjustmentId: randomUUID(), principal: "-1", reason: "x" },
      ],
      ["PUT", API.consoleCouponTemplateEnabled(here.id, template.id), { enabled: false }],
      ["POST", API.consoleCouponGive(here.id, template.id), { cardId: mine.card.id, giveId: randomUUID() }],
      [
        "PUT",
        API.consoleRechargeRule(here.id, rule.id),
        { rechargeMoney: "1", giftType: 1, awardType: 1, giftMoney: "1", enabled: true, version: 0 },
      ],
      ["PUT", API.consoleCardType(here.id, type.id), { name: "改名", version: 0 }],
      ["PUT", API.consoleDiscountOfferEnabled(here.id, offer.id), { enabled: false }],
    ];
    for (const [method, url, payload] of refused) {
      const answer = await call(method, url, { payload });
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(404);
      expect(json(answer).message).toMatch(/不存在/);
    }
    // a card of theirs given a template of ours
    const ours = await data(couponTemplateViewSchema, "POST", API.consoleCouponTemplates(here.id), {
      payload: { name: "本店券", couponType: 1, face: "5", validityType: 1 },
    });
    const give = await call("POST", API.consoleCouponGive(here.id, ours.id), {
      payload: { cardId: foreign.card.id, giveId: randomUUID() },
    });
    expect(give.statusCode).toBe(404);
    // their owner at our restaurant's paths
    const theirOwner = await staffHeaders(app, there.id, "owner");
    const across = await app.server.inject({
      method: "GET",
      url: API.consoleMemberCard(here.id, mine.card.id),
      headers: theirOwner,
    });
    expect(across.statusCode).toBe(403);
    expect(await audits()).toBe(before.audits + 1);
    expect(await ledgerCount(foreign.card.id)).toBe(before.ledger);
    expect((await cardRow(foreign.card.id))?.status).toBe(1);
  });

  it("a cashier's adjustment needs a manager's approval, and lands as one ledger entry with its reason, approver and audit", async () => {
    const { card } = await newCard(10_000);
    const body = {
      adjustmentId: randomUUID(),
      principal: "-20.50",
      gift: "5",
      points: 30,
      reason: "系统补录",
    };
    const before = await audits();
    const unapproved = await call("POST", API.consoleMemberAdjust(here.id, card.id), {
      role: "cashier",
      payload: body,
    });
    expect(unapproved.statusCode).toBe(403);
    expect(json(unapproved)).toMatchObject({ code: 4031, message: "此操作需要经理授权" });
    await staffHeaders(app, here.id, "manager");
    const wrongPin = await call("POST", API.consoleMemberAdjust(here.id, card.id), {
      role: "cashier",
      payload: { ...body, approval: approvalOf("manager", "000000") },
    });
    expect(json(wrongPin).code).toBe(4032);
    // a waiter cannot approve
    await staffHeaders(app, here.id, "waiter");
    const byWaiter = await call("POST", API.consoleMemberAdjust(here.id, card.id), {
      role: "cashier",
      payload: { ...body, approval: approvalOf("waiter") },
    });
    expect(json(byWaiter).code).toBe(4032);
    expect(await ledgerCount(card.id)).toBe(1);
    expect(await audits()).toBe(before);

    const approved = { ...body, approval: approvalOf("manager") };
    const answer = await data(adjustmentAnswerSchema, "POST", API.consoleMemberAdjust(here.id, card.id), {
      role: "cashier",
      payload: approved,
    });
    const cashier = await staffActor(app, here.id, "cashier");
    const manager = await staffActor(app, here.id, "manager");
    expect(answer.replayed).toBe(false);
    expect(answer.card).toMatchObject({
      principal: "79.50",
      gift: "5.00",
      points: 30,
      spendable: "84.50",
      version: 2,
    });
    expect(answer.entry).toMatchObject({
      seq: 2,
      kind: "adjustment",
      principal: "-20.50",
      gift: "5.00",
      points: 30,
      principalAfter: "79.50",
      actor: cashier,
      actorName: testStaff(here.id, "cashier").name,
      reason: "系统补录",
      approver: manager,
      approverName: testStaff(here.id, "manager").name,
    });
    expect(await ledgerCount(card.id)).toBe(2);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "memberCard.adjust"), eq(auditLog.target, `memberCard:${card.id}`)));
    expect(audit).toMatchObject({ actor: cashier, approver: manager, restaurantId: here.id });
    expect(audit?.before).toEqual({ principalCents: 10_000, giftCents: 0, points: 0 });
    expect(audit?.after).toMatchObject({
      principalCents: 7_950,
      giftCents: 500,
      points: 30,
      reason: "系统补录",
    });

    // sent again (a retry): the same entry, nothing new
    const again = await data(adjustmentAnswerSchema, "POST", API.consoleMemberAdjust(here.id, card.id), {
      role: "cashier",
      payload: approved,
    });
    expect(again).toMatchObject({ replayed: true, entry: { seq: 2 } });
    expect(await ledgerCount(card.id)).toBe(2);
    expect(await audits()).toBe(before + 1);

    // a manager's own say approves it; the ledger reads back newest first, with names
    await data(adjustmentAnswerSchema, "POST", API.consoleMemberAdjust(here.id, card.id), {
      role: "manager",
      payload: { adjustmentId: randomUUID(), points: -10, reason: "积分更正" },
    });
    const page = await data(
      ledgerPageSchema,
      "GET",
      `${API.consoleMemberLedger(here.id, card.id)}?pageSize=2`,
      {
        role: "cashier",
      },
    );
    expect(page.total).toBe(3);
    expect(page.entries.map((e) => [e.seq, e.kind, e.pointsAfter, e.approver])).toEqual([
      [3, "adjustment", 20, manager],
      [2, "adjustment", 30, manager],
    ]);
    const rest = await data(
      ledgerPageSchema,
      "GET",
      `${API.consoleMemberLedger(here.id, card.id)}?page=2&pageSize=2`,
    );
    expect(rest.entries.map((e) => [e.seq, e.kind, e.principalAfter, e.actor, e.actorName])).toEqual([
      [1, "recharge", "100.00", "system", null],
    ]);
    expect(await ledgerMismatches(app.db, [card.id])).toEqual([]);
  });

  it("refuses an adjustment below zero or below what open orders hold, changing nothing", async () => {
    const { card } = await newCard(1_000);
    const below = await adjust(card.id, { principal: "-10.01" });
    expect(below.statusCode).toBe(400);
    expect(json(below).message).toBe(MEMBER_TEXT.adjustmentNegative);
    const dish = plainDish(await menuOf(app, here.id)).id;
    const tablesHere = await app.db.select().from(tables).where(eq(tables.restaurantId, here.id));
    const seat = tablesHere.at(-1);
    if (!seat) throw new Error("no table");
    const [orderId] = await placeOrders(
      app,
      () => ({ restaurantId: here.id, tableId: seat.id, sid: app.signer.tableToken(here.id, seat.id) }),
      dish,
      1,
    );
    await holdForOrder(app.db, {
      cardId: card.id,
      orderId: orderId ?? 0,
      cents: 800,
      points: 0,
      expiresAt: new Date(now.getTime() + 600_000),
      actor: "system",
      now,
    });
    const belowHeld = await adjust(card.id, { principal: "-2.01" });
    expect(json(belowHeld)).toMatchObject({ code: 400, message: MEMBER_TEXT.adjustmentNegative });
    const empty = await adjust(card.id, {});
    expect(json(empty).message).toBe(MEMBER_TEXT.entryEmpty);
    expect(await ledgerCount(card.id)).toBe(2);
    expect(await data(consoleCardSchema, "GET", API.consoleMemberCard(here.id, card.id))).toMatchObject({
      principal: "10.00",
      held: "8.00",
      spendable: "2.00",
    });
    // what is left above the hold may go
    expect((await adjust(card.id, { principal: "-2" })).statusCode).toBe(200);
  });

  it("never takes a card below zero, whatever adjustments run at once", async () => {
    const { card } = await newCard(10_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => adjust(card.id, { principal: "-15", reason: "并发扣减" })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.filter((c) => c !== 200).every((c) => c === 400 || c === 503)).toBe(true);
    const row = await cardRow(card.id);
    const kept = codes.filter((c) => c === 200).length;
    expect(row?.principalCents).toBe(10_000 - kept * 1_500);
    expect(row?.principalCents).toBeGreaterThanOrEqual(0);
    expect(await ledgerCount(card.id)).toBe(1 + kept);
    expect(await ledgerMismatches(app.db, [card.id])).toEqual([]);
  });

  it("a frozen card pays for nothing new and is given no coupon, until a manager unfreezes it", async () => {
    const { card } = await newCard(5_000);
    const template = await data(couponTemplateViewSchema, "POST", API.consoleCouponTemplates(here.id), {
      payload: { name: "冻结测试券", couponType: 1, face: "5", validityType: 1 },
    });
    const before = await audits();
    const frozen = await data(consoleCardSchema, "PUT", API.consoleMemberCardStatus(here.id, card.id), {
      role: "manager",
      payload: { status: 4, reason: "顾客挂失" },
    });
    expect(frozen.status).toBe(4);
    // asked again: nothing to change, nothing recorded
    await data(consoleCardSchema, "PUT", API.consoleMemberCardStatus(here.id, card.id), {
      payload: { status: 4, reason: "再次" },
    });
    expect(await audits()).toBe(before + 1);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "memberCard.freeze"), eq(auditLog.target, `memberCard:${card.id}`)));
    expect(audit?.after).toEqual({ status: 4, reason: "顾客挂失" });

    const spend = spendStoredValue(app.db, {
      cardId: card.id,
      eventKey: randomUUID(),
      cents: 100,
      points: 0,
      actor: "system",
      now,
    });
    await expect(spend).rejects.toMatchObject({ key: "cardFrozen", code: 10020 });
    const give = await call("POST", API.consoleCouponGive(here.id, template.id), {
      payload: { cardId: card.id, giveId: randomUUID() },
    });
    expect(json(give)).toMatchObject({ code: 10020, message: ERRORS.cardFrozen.message });
    // a manager's correction still posts (it settles, it does not spend)
    expect((await adjust(card.id, { gift: "1" })).statusCode).toBe(200);

    const unfrozen = await data(consoleCardSchema, "PUT", API.consoleMemberCardStatus(here.id, card.id), {
      role: "manager",
      payload: { status: 1, reason: "找回" },
    });
    expect(unfrozen.status).toBe(1);
    await spendStoredValue(app.db, {
      cardId: card.id,
      eventKey: randomUUID(),
      cents: 100,
      points: 0,
      actor: "system",
      now,
    });
    expect((await cardRow(card.id))?.principalCents).toBe(4_900);
    expect(await audits()).toBe(before + 3);
  });

  it("validation errors answer 400 in Chinese and change nothing", async () => {
    const { card } = await newCard(1_000);
    const template = await data(couponTemplateViewSchema, "POST", API.consoleCouponTemplates(here.id), {
      payload: { name: "校验券", couponType: 1, face: "5", validityType: 1 },
    });
    const rulesBefore = await data(
      z.array(consoleRechargeRuleSchema),
      "GET",
      API.consoleRechargeRules(here.id),
    );
    const before = {
      audits: await audits(),
      ledger: await ledgerCount(card.id),
      coupons: (await app.db.select({ n: count() }).from(memberCoupons))[0]?.n,
    };
    const bad: Array<[Method, string, object, RegExp, number?]> = [
      [
        "PUT",
        API.consoleMemberCardStatus(here.id, card.id),
        { status: 2, reason: "" },
        /状态应为 1（正常）或 4（冻结）/,
      ],
      [
        "POST",
        API.consoleMemberAdjust(here.id, card.id),
        { adjustmentId: randomUUID(), principal: "1.234", reason: "x" },
        /最多两位小数/,
      ],
      [
        "POST",
        API.consoleMemberAdjust(here.id, card.id),
        { adjustmentId: randomUUID(), principal: "1" },
        /请填写原因/,
      ],
      [
        "POST",
        API.consoleCouponTemplates(here.id),
        { name: "无面值", couponType: 1, validityType: 1 },
        /代金券须填写大于 0 的面值/,
      ],
      [
        "POST",
        API.consoleCouponTemplates(here.id),
        {
          name: "日期",
          couponType: 1,
          face: "1",
          validityType: 3,
          startTime: "2026-06-01",
          endTime: "2026-05-01",
        },
        /结束时间不能早于开始时间/,
      ],
      [
        "POST",
        API.consoleCouponTemplates(here.id),
        { name: "商品券", couponType: 2, dishId: 999_999, validityType: 1 },
        /菜品不存在/,
        404,
      ],
      [
        "POST",
        API.consoleCouponGive(here.id, template.id),
        { cardId: card.id, giveId: "x" },
        /请求编号格式不正确/,
      ],
      [
        "POST",
        API.consoleRechargeRules(here.id),
        { rechargeMoney: "-1", giftType: 1, awardType: 1, giftMoney: "1" },
        /充值金额应为金额/,
      ],
      [
        "POST",
        API.consoleRechargeRules(here.id),
        { rechargeMoney: "100", giftType: 1, awardType: 2 },
        /请填写赠送比例/,
      ],
      [
        "POST",
        API.consoleCardTypes(here.id),
        { name: "日卡", memberDay: { weekdays: [8], monthDays: [], percent: 88 } },
        /星期应为 1–7/,
      ],
      [
        "POST",
        API.consoleDiscountOffers(here.id),
        { threshold: "5", reduction: "10" },
        /减免金额不能大于门槛金额/,
      ],
    ];
    for (const [method, url, payload, message, status = 400] of bad) {
      const answer = await call(method, url, { payload });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(status);
      expect(json(answer).message).toMatch(message);
    }
    expect(await audits()).toBe(before.audits);
    expect(await ledgerCount(card.id)).toBe(before.ledger);
    expect((await app.db.select({ n: count() }).from(memberCoupons))[0]?.n).toBe(before.coupons);
    expect((await cardRow(card.id))?.status).toBe(1);
    expect(await data(z.array(consoleRechargeRuleSchema), "GET", API.consoleRechargeRules(here.id))).toEqual(
      rulesBefore,
    );
  });

  it("creates coupon templates, gives one coupon per give id, and gives none of a disabled template", async () => {
    const dish = plainDish(await menuOf(app, here.id));
    const cash = await data(couponTemplateViewSchema, "POST", API.consoleCouponTemplates(here.id), {
      payload: {
        name: "满50减5",
        couponType: 1,
        face: "5",
        minSpend: "50",
        validityType: 2,
        effectiveTime: 0,
        validityDays: 7,
        startTime: "2026-01-01",
      },
    });
    expect(cash).toMatchObject({
      face: "5.00",
      minSpend: "50.00",
      validityType: 2,
      validityDays: 7,
      startTime: null,
      enabled: true,
      given: 0,
    });
    const goods = await data(couponTemplateViewSchema, "POST", API.consoleCouponTemplates(here.id), {
      payload: {
        name: "赠菜券",
        couponType: 2,
        dishId: dish.id,
        validityType: 3,
        startTime: "2026-05-01",
        endTime: "2099-05-31 21:00",
        openCardActivity: 1,
      },
    });
    expect(goods).toMatchObject({ face: null, dishId: dish.id, dishName: dish.name, openCardActivity: 1 });
    const { card } = await newCard();
    const giveId = randomUUID();
    const first = await data(givenCouponSchema, "POST", API.consoleCouponGive(here.id, cash.id), {
      payload: { cardId: card.id, giveId },
    });
    expect(first).toMatchObject({ name: "满50减5", cardId: card.id, replayed: false });
    expect(first.code).toMatch(/^\d{12}$/);
    const again = await data(givenCouponSchema, "POST", API.consoleCouponGive(here.id, cash.id), {
      payload: { cardId: card.id, giveId },
    });
    expect(again).toMatchObject({ id: first.id, replayed: true });
    await data(givenCouponSchema, "POST", API.consoleCouponGive(here.id, cash.id), {
      payload: { cardId: card.id, giveId: randomUUID() },
    });
    const listed = await data(z.array(couponTemplateViewSchema), "GET", API.consoleCouponTemplates(here.id));
    expect(listed.find((t) => t.id === cash.id)?.given).toBe(2);

    const off = await data(
      couponTemplateViewSchema,
      "PUT",
      API.consoleCouponTemplateEnabled(here.id, cash.id),
      {
        payload: { enabled: false },
      },
    );
    expect(off.enabled).toBe(false);
    const refused = await call("POST", API.consoleCouponGive(here.id, cash.id), {
      payload: { cardId: card.id, giveId: randomUUID() },
    });
    expect(json(refused)).toMatchObject({ code: 4706, message: "优惠券已停止发放" });
    const on = await data(
      couponTemplateViewSchema,
      "PUT",
      API.consoleCouponTemplateEnabled(here.id, cash.id),
      {
        payload: { enabled: true },
      },
    );
    expect(on.enabled).toBe(true);
    const coupons = await app.db.select().from(memberCoupons).where(eq(memberCoupons.cardId, card.id));
    expect(coupons).toHaveLength(2);
  });

  it("lists recharge rules by amount in core's words, edits them over their version, and disables them", async () => {
    const big = await data(consoleRechargeRuleSchema, "POST", API.consoleRechargeRules(here.id), {
      payload: { rechargeMoney: "500", giftType: 1, awardType: 1, giftMoney: "50" },
    });
    const per = await data(consoleRechargeRuleSchema, "POST", API.consoleRechargeRules(here.id), {
      payload: { rechargeMoney: "100", giftType: 2, awardType: 2, giftPercent: 10, giftPoints: 20 },
    });
    expect(big).toMatchObject({
      rechargeMoney: "500.00",
      giftMoney: "50.00",
      giftPercent: null,
      text: "充500送50",
      version: 0,
    });
    expect(per).toMatchObject({ giftMoney: null, giftPercent: 10, text: "每充100送10%+20积分" });
    const listed = await data(z.array(consoleRechargeRuleSchema), "GET", API.consoleRechargeRules(here.id));
    // by amount, among the demo's (充200送10, 充500送50, 充1000送120): the per-multiple ¥100 first, ours after its twin
    const amounts = listed.map((r) => Number(r.rechargeMoney));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(listed[0]?.id).toBe(per.id);
    expect(listed.findIndex((r) => r.id === big.id)).toBeGreaterThan(
      listed.findIndex((r) => r.text === "充200送10"),
    );

    const edit = {
      rechargeMoney: "1000",
      giftType: 1,
      awardType: 1,
      giftMoney: "120",
      enabled: true,
      version: 0,
    };
    const edited = await data(consoleRechargeRuleSchema, "PUT", API.consoleRechargeRule(here.id, big.id), {
      payload: edit,
    });
    expect(edited).toMatchObject({ text: "充1000送120", version: 1 });
    const stale = await call("PUT", API.consoleRechargeRule(here.id, big.id), {
      payload: { ...edit, giftMoney: "1" },
    });
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toMatchObject({ code: 4150, message: "该充值规则已被其他人修改，请刷新后再改" });
    const disabled = await data(consoleRechargeRuleSchema, "PUT", API.consoleRechargeRule(here.id, big.id), {
      payload: { ...edit, enabled: false, version: 1 },
    });
    expect(disabled).toMatchObject({ enabled: false, text: "充1000送120", version: 2 });
  });

  it("keeps one default card type, shows member days as 折, and has the type's cards follow it", async () => {
    const gold = await data(consoleCardTypeSchema, "POST", API.consoleCardTypes(here.id), {
      payload: {
        name: "金卡",
        isDefault: true,
        memberDay: { weekdays: [3], monthDays: [8, 18], percent: 88 },
      },
    });
    expect(gold).toMatchObject({ isDefault: true, isVipPrice: true, rights: [1, 2, 4, 6, 7, 8] });
    expect(gold.memberDay).toEqual({ weekdays: [3], monthDays: [8, 18], percent: 88, text: "8.8折" });
    const { card } = await openCard(app.db, {
      phone: `136${String(30_000_000 + phones++)}`,
      restaurantId: here.id,
      cardType: gold.cardType,
      cardTypeName: gold.name,
      now,
    });
    const silver = await data(consoleCardTypeSchema, "POST", API.consoleCardTypes(here.id), {
      payload: { name: "银卡", isDefault: true, isVipPrice: false },
    });
    expect(silver.cardType).toBeGreaterThan(gold.cardType);
    let types = await data(z.array(consoleCardTypeSchema), "GET", API.consoleCardTypes(here.id));
    expect(types.filter((t) => t.isDefault).map((t) => t.id)).toEqual([silver.id]);
    // the cards of its number, this one and the ones opened before the type was made (type 1 by default)
    const ofGold = await app.db
      .select({ n: count() })
      .from(memberCards)
      .where(and(eq(memberCards.restaurantId, here.id), eq(memberCards.cardType, gold.cardType)));
    expect(types.find((t) => t.id === gold.id)?.cards).toBe(ofGold[0]?.n);

    const edited = await data(consoleCardTypeSchema, "PUT", API.consoleCardType(here.id, gold.id), {
      payload: {
        name: "黑金卡",
        isVipPrice: false,
        chargeFlag: false,
        pointsPerYuan: 2,
        centsPerPoint: 5,
        rights: [8, 1],
        isDefault: true,
        memberDay: { weekdays: [], monthDays: [1], percent: 90 },
        version: 0,
      },
    });
    expect(edited).toMatchObject({
      name: "黑金卡",
      rights: [1, 8],
      version: 1,
      cards: ofGold[0]?.n,
      memberDay: { text: "9折" },
    });
    types = await data(z.array(consoleCardTypeSchema), "GET", API.consoleCardTypes(here.id));
    expect(types.filter((t) => t.isDefault).map((t) => t.id)).toEqual([gold.id]);
    expect(await cardRow(card.id)).toMatchObject({
      cardTypeName: "黑金卡",
      isVipPrice: false,
      chargeFlag: false,
      memberDay: { weekdays: [], monthDays: [1], percent: 90 },
    });
    const stale = await call("PUT", API.consoleCardType(here.id, gold.id), {
      payload: { name: "旧", version: 0 },
    });
    expect(json(stale).code).toBe(4150);
  });

  it("creates 满减 offers in core's words and turns them off", async () => {
    const offer = await data(consoleOfferSchema, "POST", API.consoleDiscountOffers(here.id), {
      payload: { threshold: "100", reduction: "10" },
    });
    expect(offer).toMatchObject({
      threshold: "100.00",
      reduction: "10.00",
      enabled: true,
      text: "满100减10",
    });
    const off = await data(consoleOfferSchema, "PUT", API.consoleDiscountOfferEnabled(here.id, offer.id), {
      payload: { enabled: false },
    });
    expect(off.enabled).toBe(false);
    const listed = await data(z.array(consoleOfferSchema), "GET", API.consoleDiscountOffers(here.id));
    expect(listed.find((o) => o.id === offer.id)?.enabled).toBe(false);
  });
});
