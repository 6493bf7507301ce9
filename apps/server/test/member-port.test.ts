import { randomUUID } from "node:crypto";
import {
  AppError,
  type CardHistory,
  campaignsSchema,
  couponGiveAnswerSchema,
  MEMBER_API,
  MEMBER_CODES,
  type MemberCard,
  type MemberFamily,
  type MemberInfo,
  maskPhone,
  memberCardsSchema,
  openCardCouponSchema,
  type Voucher,
} from "@tablemate/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { memberCards, restaurants } from "../src/db/schema.js";
import type {
  CouponPageQuery,
  HistoryQuery,
  MemberInfoChange,
  MemberOfCall,
  MemberStore,
} from "../src/modules/member/port.js";
import { BACKENDS } from "./support/databases.js";
import { startTestApp, type TestApp } from "./support/harness.js";
import { expectOthersRefused, familyContract } from "./support/member-contract.js";
import { answerOf, expectRefusal, freshPhone, MemberBrowser } from "./support/members.js";
import { smsOutbox } from "./support/sms-outbox.js";

const CARD_TYPE = { cardType: 5, name: "外部会员卡", isVipPrice: false, isDefault: true, privileges: [1, 3] };
const CAMPAIGN_ID = 31;

/**
 * A restaurant's external CRM, as its plug-in would answer the member port: in memory, with its own
 * card ids and numbers, one card type, one sign-up coupon, one recharge rule and one coupon campaign.
 * Refuses as the port says (a card not the member's 1403, a type it does not have 10024).
 */
class FakeCrm implements MemberStore {
  private readonly held: MemberCard[] = [];
  private readonly vouchers: Array<{ cardId: number; key: string; voucher: Voucher }> = [];
  private readonly infos = new Map<number, MemberInfo>();

  constructor(private nextId: number) {}

  private give(cardId: number, key: string, voucherName: string, price: number) {
    const earlier = this.vouchers.find((v) => v.cardId === cardId && v.key === key);
    if (earlier) return { coupon: earlier.voucher, firstTime: false };
    const id = this.nextId++;
    const voucher: Voucher = {
      id,
      activityId: 1,
      code: `EXT-V${id}`,
      price,
      realPrice: price,
      startTime: "2025-01-01 00:00",
      endTime: "",
      minFee: -1,
      voucherName,
      type: 1,
      state: "unused",
      dishName: null,
    };
    this.vouchers.push({ cardId, key, voucher });
    return { coupon: voucher, firstTime: true };
  }

  async cardRights() {
    return { cardTypes: [{ ...CARD_TYPE, memberDay: null }], openRecharge: false };
  }

  async rechargeRules() {
    return [
      { ruleId: 77, rechargeMoney: 30_000, giftMoney: 3_000, giftPoints: 0, giftType: 1, awardType: 1 },
    ].map((rule) => ({ ...rule, custom: false, text: "充300送30" }));
  }

  async cards(member: MemberOfCall) {
    return this.held.filter((card) => card.memberId === member.memberId);
  }

  async card(member: MemberOfCall, cardId: number) {
    const card = this.held.find((c) => c.id === cardId && c.memberId === member.memberId);
    if (!card) throw new AppError("cardQueryFailed");
    return card;
  }

  async activateCard(member: MemberOfCall, cardType = CARD_TYPE.cardType) {
    if (cardType !== CARD_TYPE.cardType) throw new AppError("cardRightOff");
    const [held] = await this.cards(member);
    if (held) return { card: held, opened: false, gifts: [] };
    const id = this.nextId++;
    const card: MemberCard = {
      id,
      memberId: member.memberId,
      cardType,
      cardTypeName: CARD_TYPE.name,
      cardNum: `EXT${id}`,
      chargeFlag: false,
      status: 1,
      isVipPrice: false,
      telPhone: maskPhone(member.phone),
    };
    this.held.push(card);
    return { card, opened: true, gifts: [this.give(id, "sign-up", "外部开卡礼 8元", 800).coupon] };
  }

  private couponsOn(cardIds: number[]) {
    return this.vouchers.filter((v) => cardIds.includes(v.cardId)).map((v) => v.voucher);
  }

  async equities(member: MemberOfCall, cardId: number) {
    await this.card(member, cardId);
    const couponCount = this.couponsOn([cardId]).length;
    const privileges = CARD_TYPE.privileges;
    return {
      cardId,
      balance: null,
      principal: 0,
      gift: 0,
      points: 120,
      couponCount,
      memberDay: null,
      privileges,
    };
  }

  /** no stored value; its 120 points came as one opening entry */
  async history(member: MemberOfCall, history: CardHistory, query: HistoryQuery) {
    await this.card(member, query.cardId);
    const opening = {
      seq: 1,
      kind: "adjustment" as const,
      change: 120,
      after: 120,
      time: "2025-01-01 00:00",
    };
    const list = history === "points" && query.page === 1 ? [opening] : [];
    return { history, total: history === "points" ? 1 : 0, page: query.page, limit: query.limit, list };
  }

  async coupons(member: MemberOfCall, query: CouponPageQuery) {
    const cards =
      query.memberCardId === undefined
        ? await this.cards(member)
        : [await this.card(member, query.memberCardId)];
    const list = query.type === 1 ? this.couponsOn(cards.map((card) => card.id)) : [];
    return { total: list.length, list };
  }

  async memberInfo(member: MemberOfCall) {
    return this.infos.get(member.memberId) ?? null;
  }

  async updateMemberInfo(member: MemberOfCall, change: MemberInfoChange) {
    const info = { memberId: member.memberId, ...change };
    const changed = JSON.stringify(this.infos.get(member.memberId)) !== JSON.stringify(info);
    this.infos.set(member.memberId, info);
    return { info, changed };
  }

  async openCardCoupons() {
    return [
      {
        id: 1,
        name: "外部开卡礼 8元",
        num: 1,
        validityType: 1,
        type: 1,
        price: 800,
        money: -1,
        effectiveTime: null,
        validityDays: null,
        startTime: null,
        endTime: null,
        activityType: 1,
        datasetData: { option: "开卡礼" },
      },
    ];
  }

  async campaigns(member: MemberOfCall | null) {
    const cardIds = member ? (await this.cards(member)).map((card) => card.id) : [];
    const taken = this.vouchers.some(
      (v) => cardIds.includes(v.cardId) && v.key === `campaign:${CAMPAIGN_ID}`,
    );
    return [
      {
        id: CAMPAIGN_ID,
        kind: 1,
        name: "外部领券",
        description: "",
        startTime: "",
        endTime: "",
        coupon: { name: "外部5元券", type: 1, price: 500, minFee: -1, dishName: null },
        minMoney: null,
        maxMoney: null,
        taken,
      },
    ];
  }

  async takeCampaignCoupon(member: MemberOfCall, take: { cardId: number; campaignId: number }) {
    const card = await this.card(member, take.cardId);
    if (take.campaignId !== CAMPAIGN_ID) throw new AppError("campaignUnavailable");
    return this.give(card.id, `campaign:${CAMPAIGN_ID}`, "外部5元券", 500);
  }

  async drawRedpacket(): Promise<never> {
    throw new AppError("campaignUnavailable");
  }
}

/** The restaurant of each family whose member system is the fake CRM; the other of the family keeps the built-in store. */
const PLUGGED: Record<MemberFamily, { here: string; builtIn: string }> = {
  new: { here: "江南食府", builtIn: "速味快餐" },
  old: { here: "川味小馆", builtIn: "面面俱到" },
};

describe.each(BACKENDS)("a CRM plugged in as a restaurant's member store on %s", (backend) => {
  let app: TestApp;
  const outbox = smsOutbox();
  const plugged = new Map([
    [PLUGGED.new.here, new FakeCrm(900_001)],
    [PLUGGED.old.here, new FakeCrm(800_001)],
  ]);
  let all: Array<typeof restaurants.$inferSelect>;
  /** the server's clock runs this far ahead (a second code to a phone waits out its minute) */
  let ahead = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, {
      smsSender: outbox.sender,
      now: () => new Date(Date.now() + ahead),
      memberStores: (restaurant) => plugged.get(restaurant.name),
    });
    all = await app.db.select().from(restaurants);
  });
  afterAll(() => app.close());

  const ridOf = (name: string) => {
    const found = all.find((r) => r.name === name);
    if (!found) throw new Error(`no demo restaurant ${name}`);
    return found.id;
  };
  const localCards = (memberId: number) =>
    app.db.select().from(memberCards).where(eq(memberCards.memberId, memberId));

  describe.each(["new", "old"] as const)("the %s family", (family) => {
    const browser = (name = PLUGGED[family].here) =>
      new MemberBrowser(app, ridOf(name), family, randomUUID());

    it("answers the family's calls through the same routes and shapes, from the CRM (the contract suite)", async () => {
      const diner = browser();
      const { login, opened, equities, rules, rights } = await familyContract(
        diner,
        outbox,
        freshPhone("1371"),
      );
      expect(opened.card).toMatchObject({ cardTypeName: "外部会员卡", cardNum: `EXT${opened.card.id}` });
      expect(opened.gifts.map((g) => [g.voucherName, g.price])).toEqual([["外部开卡礼 8元", 800]]);
      expect([equities.balance, equities.points]).toEqual([null, 120]);
      expect(rules.map((r) => r.text)).toEqual(["充300送30"]);
      expect(rights.cardTypes.map((t) => t.name)).toEqual(["外部会员卡"]);
      // the built-in store was not asked: no card of this member in Tablemate's database
      expect(await localCards(login.memberId)).toEqual([]);

      // a second member of the CRM reaches only their own
      const other = browser();
      const theirs = await other.login(outbox, freshPhone("1371"));
      await other.post(other.paths.cards);
      await expectOthersRefused(other, { cardIds: [opened.card.id], memberId: login.memberId });

      // the cards a login answers come from the CRM too
      const again = new MemberBrowser(app, diner.rid, family, randomUUID());
      ahead += 61_000;
      expect((await again.login(outbox, theirs.phone)).cards.map((card) => card.cardNum)).toEqual([
        expect.stringMatching(/^EXT/),
      ]);
    });

    it("refuses the other family's calls at the CRM's restaurant (10025) and leaves the others on the built-in store", async () => {
      const wrong = new MemberBrowser(
        app,
        ridOf(PLUGGED[family].here),
        family === "new" ? "old" : "new",
        randomUUID(),
      );
      expectRefusal(await wrong.get(wrong.paths.cardRights), 403, MEMBER_CODES.noCardRight);

      const diner = browser(PLUGGED[family].builtIn);
      const login = await diner.login(outbox, freshPhone("1371"));
      await diner.post(diner.paths.cards);
      const [card] = answerOf(await diner.get(diner.paths.cards), memberCardsSchema);
      expect((await localCards(login.memberId)).map((row) => row.id)).toEqual([card?.id]);
    });

    if (family === "new")
      it("answers the new-member dialog's coupons from the CRM", async () => {
        const diner = browser();
        const coupons = answerOf(await diner.get(MEMBER_API.openCardCoupons), z.array(openCardCouponSchema));
        expect(coupons.map((c) => [c.name, c.price])).toEqual([["外部开卡礼 8元", 800]]);
      });
    else
      it("answers the old family's campaigns from the CRM, a coupon given once", async () => {
        const diner = browser();
        await diner.login(outbox, freshPhone("1371"));
        await diner.post(diner.paths.cards);
        const [card] = answerOf(await diner.get(diner.paths.cards), memberCardsSchema);
        if (!card) throw new Error("no card opened");
        const take = { cardId: card.id, campaignId: CAMPAIGN_ID };
        const given = answerOf(await diner.post(MEMBER_API.couponsGive, take), couponGiveAnswerSchema);
        const twice = answerOf(await diner.post(MEMBER_API.couponsGive, take), couponGiveAnswerSchema);
        expect([given.firstTime, twice.firstTime, twice.coupon]).toEqual([true, false, given.coupon]);
        const [campaign] = answerOf(await diner.get(MEMBER_API.campaigns), campaignsSchema);
        expect([campaign?.name, campaign?.taken]).toEqual(["外部领券", true]);
        expectRefusal(await diner.post(MEMBER_API.redpacketsDraw, take), 409, 4708);
      });
  });
});
