import { randomUUID } from "node:crypto";
import { API } from "@tablemate/core";
import { asc, eq, inArray } from "drizzle-orm";
import {
  couponTemplates,
  discountOffers,
  memberCards,
  memberCardTypes,
  memberCoupons,
  memberLedger,
  rechargeRules,
} from "../../../src/db/schema.js";
import { createCouponTemplate, openCard, rechargePaid } from "../../../src/modules/member/index.js";
import { managerApproval } from "./floor.js";
import type { MatrixContext, MatrixRow } from "./types.js";

/** A card of the restaurant for a new phone, with `cents` of principal. */
async function card(ctx: MatrixContext, cents = 0) {
  const phone = `137${String(ctx.unique()).padStart(8, "0")}`;
  const now = new Date();
  const { card: opened } = await openCard(ctx.db, {
    phone,
    restaurantId: ctx.rid,
    cardTypeName: "矩阵卡",
    now,
  });
  if (cents > 0)
    await rechargePaid(ctx.db, {
      cardId: opened.id,
      paymentKey: `matrix-${randomUUID()}`,
      rechargeCents: cents,
      rules: [],
      source: "sandbox",
      actor: "system",
      now,
    });
  return { ...opened, phone };
}

const template = async (ctx: MatrixContext) =>
  createCouponTemplate(
    ctx.db,
    { restaurantId: ctx.rid, name: "矩阵券", couponType: 1, faceCents: 500, validityType: 1 },
    new Date(),
  );

/** Everything a member call may change at the restaurant, to compare before and after a refusal. */
const membersOf = async ({ db, rid }: MatrixContext) => {
  const cards = await db
    .select()
    .from(memberCards)
    .where(eq(memberCards.restaurantId, rid))
    .orderBy(asc(memberCards.id));
  const ids = cards.map((c) => c.id);
  return {
    cards,
    ledger: ids.length ? await db.select().from(memberLedger).where(inArray(memberLedger.cardId, ids)) : [],
    coupons: ids.length
      ? await db.select().from(memberCoupons).where(inArray(memberCoupons.cardId, ids))
      : [],
    templates: await db.select().from(couponTemplates).where(eq(couponTemplates.restaurantId, rid)),
    rules: await db.select().from(rechargeRules).where(eq(rechargeRules.restaurantId, rid)),
    types: await db.select().from(memberCardTypes).where(eq(memberCardTypes.restaurantId, rid)),
    offers: await db.select().from(discountOffers).where(eq(discountOffers.restaurantId, rid)),
  };
};

const cardType = { name: "矩阵卡", memberDay: { weekdays: [3], monthDays: [], percent: 88 } };
const rule = { rechargeMoney: "100", giftType: 1, awardType: 1, giftMoney: "10" };

/** The console's member pages (issue 19). */
export const MEMBER_ROWS: MatrixRow[] = [
  {
    method: "GET",
    route: API.consoleMembers(":rid"),
    permission: "members.read",
    request: async (ctx) => ({ url: `${API.consoleMembers(ctx.rid)}?q=${(await card(ctx)).phone}` }),
    snapshot: membersOf,
  },
  {
    method: "GET",
    route: API.consoleMemberCard(":rid", ":cardId"),
    permission: "members.read",
    request: async (ctx) => ({ url: API.consoleMemberCard(ctx.rid, (await card(ctx)).id) }),
    snapshot: membersOf,
  },
  {
    method: "GET",
    route: API.consoleMemberLedger(":rid", ":cardId"),
    permission: "members.read",
    request: async (ctx) => ({ url: API.consoleMemberLedger(ctx.rid, (await card(ctx, 100)).id) }),
    snapshot: membersOf,
  },
  {
    method: "PUT",
    route: API.consoleMemberCardStatus(":rid", ":cardId"),
    permission: "members.freeze",
    request: async (ctx) => ({
      url: API.consoleMemberCardStatus(ctx.rid, (await card(ctx)).id),
      payload: { status: 4, reason: "矩阵" },
    }),
    snapshot: membersOf,
  },
  {
    method: "POST",
    route: API.consoleMemberAdjust(":rid", ":cardId"),
    permission: "members.adjust",
    request: async (ctx) => ({
      url: API.consoleMemberAdjust(ctx.rid, (await card(ctx, 1000)).id),
      payload: {
        adjustmentId: randomUUID(),
        principal: "-1",
        reason: "矩阵",
        approval: await managerApproval(ctx),
      },
    }),
    snapshot: membersOf,
  },
  {
    method: "GET",
    route: API.consoleCouponTemplates(":rid"),
    permission: "members.write",
    request: async ({ rid }) => ({ url: API.consoleCouponTemplates(rid) }),
    snapshot: membersOf,
  },
  {
    method: "POST",
    route: API.consoleCouponTemplates(":rid"),
    permission: "members.write",
    request: async ({ rid }) => ({
      url: API.consoleCouponTemplates(rid),
      payload: { name: "矩阵券", couponType: 1, face: "5", validityType: 2, validityDays: 7 },
    }),
    snapshot: membersOf,
  },
  {
    method: "PUT",
    route: API.consoleCouponTemplateEnabled(":rid", ":templateId"),
    permission: "members.write",
    request: async (ctx) => ({
      url: API.consoleCouponTemplateEnabled(ctx.rid, (await template(ctx)).id),
      payload: { enabled: false },
    }),
    snapshot: membersOf,
  },
  {
    method: "POST",
    route: API.consoleCouponGive(":rid", ":templateId"),
    permission: "members.write",
    request: async (ctx) => ({
      url: API.consoleCouponGive(ctx.rid, (await template(ctx)).id),
      payload: { cardId: (await card(ctx)).id, giveId: randomUUID() },
    }),
    snapshot: membersOf,
  },
  {
    method: "GET",
    route: API.consoleRechargeRules(":rid"),
    permission: "members.write",
    request: async ({ rid }) => ({ url: API.consoleRechargeRules(rid) }),
    snapshot: membersOf,
  },
  {
    method: "POST",
    route: API.consoleRechargeRules(":rid"),
    permission: "members.write",
    request: async ({ rid }) => ({ url: API.consoleRechargeRules(rid), payload: rule }),
    snapshot: membersOf,
  },
  {
    method: "PUT",
    route: API.consoleRechargeRule(":rid", ":ruleId"),
    permission: "members.write",
    request: async ({ db, rid }) => {
      const [made] = await db
        .insert(rechargeRules)
        .values({ restaurantId: rid, rechargeCents: 10_000, giftCents: 1_000 })
        .returning();
      return {
        url: API.consoleRechargeRule(rid, made?.id ?? 0),
        payload: { ...rule, enabled: false, version: 0 },
      };
    },
    snapshot: membersOf,
  },
  {
    method: "GET",
    route: API.consoleCardTypes(":rid"),
    permission: "members.write",
    request: async ({ rid }) => ({ url: API.consoleCardTypes(rid) }),
    snapshot: membersOf,
  },
  {
    method: "POST",
    route: API.consoleCardTypes(":rid"),
    permission: "members.write",
    request: async ({ rid }) => ({ url: API.consoleCardTypes(rid), payload: cardType }),
    snapshot: membersOf,
  },
  {
    method: "PUT",
    route: API.consoleCardType(":rid", ":typeId"),
    permission: "members.write",
    request: async (ctx) => {
      const [made] = await ctx.db
        .insert(memberCardTypes)
        .values({ restaurantId: ctx.rid, cardType: 1000 + ctx.unique(), name: "旧卡" })
        .returning();
      return { url: API.consoleCardType(ctx.rid, made?.id ?? 0), payload: { ...cardType, version: 0 } };
    },
    snapshot: membersOf,
  },
  {
    method: "GET",
    route: API.consoleDiscountOffers(":rid"),
    permission: "members.write",
    request: async ({ rid }) => ({ url: API.consoleDiscountOffers(rid) }),
    snapshot: membersOf,
  },
  {
    method: "POST",
    route: API.consoleDiscountOffers(":rid"),
    permission: "members.write",
    request: async ({ rid }) => ({
      url: API.consoleDiscountOffers(rid),
      payload: { threshold: "100", reduction: "10" },
    }),
    snapshot: membersOf,
  },
  {
    method: "PUT",
    route: API.consoleDiscountOfferEnabled(":rid", ":offerId"),
    permission: "members.write",
    request: async ({ db, rid }) => {
      const [made] = await db
        .insert(discountOffers)
        .values({ restaurantId: rid, thresholdCents: 10_000, reductionCents: 1_000 })
        .returning();
      return { url: API.consoleDiscountOfferEnabled(rid, made?.id ?? 0), payload: { enabled: false } };
    },
    snapshot: membersOf,
  },
];
