/**
 * The demo restaurants' member programme (issue 19), so what their announcements promise exists: a
 * default card type 金卡 (member prices; Wednesdays are member day, 8.8折), recharge rules (充200送10,
 * 充500送50 as 江南食府 announces, 充1000送120), the 满减 offer each restaurant's discount banner names
 * (满100减10 …), and coupons: new-member (open-card, activity 1) coupons in the new member system, a
 * coupon to take and a red packet to draw in the old one. Given to a demo restaurant that has no card
 * type yet, at every start (a data directory seeded before members existed gets them; a restaurant
 * whose programme was changed keeps its own), through the member store's own functions.
 */
import { CAMPAIGN_KIND, COUPON_TYPE, OPEN_CARD_ACTIVITY, VALIDITY_TYPE } from "@tablemate/core";
import { eq, inArray } from "drizzle-orm";
import { type CouponTemplateInput, createCouponTemplate } from "../../modules/member/coupons.js";
import type { Db } from "../client.js";
import {
  discountOffers,
  type MemberDaySetting,
  memberCampaigns,
  memberCardTypes,
  rechargeRules,
  restaurants,
} from "../schema.js";
import { demoRestaurants } from "./restaurants.js";

/** Wednesdays, 8.8折 */
export const DEMO_MEMBER_DAY: MemberDaySetting = { weekdays: [3], monthDays: [], percent: 88 };

export const DEMO_CARD_TYPE = {
  cardType: 1,
  name: "金卡",
  isVipPrice: true,
  chargeFlag: true,
  isDefault: true,
} as const;

/** cents: 充200送10, 充500送50 (江南食府's announcement), 充1000送120 */
export const DEMO_RECHARGE_RULES = [
  { rechargeCents: 20_000, giftCents: 1_000 },
  { rechargeCents: 50_000, giftCents: 5_000 },
  { rechargeCents: 100_000, giftCents: 12_000, giftPoints: 100 },
] as const;

type Template = Omit<CouponTemplateInput, "restaurantId">;

/** the new member system's sign-up coupons */
export const OPEN_CARD_COUPONS: Template[] = [
  {
    name: "开卡礼 10元代金券",
    couponType: COUPON_TYPE.cash,
    faceCents: 1_000,
    minSpendCents: 5_000,
    validityType: VALIDITY_TYPE.daysAfterGiven,
    effectiveTime: 0,
    validityDays: 30,
    openCardActivity: OPEN_CARD_ACTIVITY.signUp,
  },
  {
    name: "开卡礼 满100减20",
    couponType: COUPON_TYPE.cash,
    faceCents: 2_000,
    minSpendCents: 10_000,
    validityType: VALIDITY_TYPE.daysAfterGiven,
    effectiveTime: 0,
    validityDays: 30,
    openCardActivity: OPEN_CARD_ACTIVITY.signUp,
  },
];

/** the old member system's campaign coupon */
const CAMPAIGN_COUPON: Template = {
  name: "5元代金券",
  couponType: COUPON_TYPE.cash,
  faceCents: 500,
  minSpendCents: 3_000,
  validityType: VALIDITY_TYPE.daysAfterGiven,
  effectiveTime: 0,
  validityDays: 7,
};

/** 满100减10 → cents; null for a banner that names no such offer */
export function offerOf(discountText: string): { thresholdCents: number; reductionCents: number } | null {
  const match = /^满(\d+)减(\d+)$/.exec(discountText);
  return match ? { thresholdCents: Number(match[1]) * 100, reductionCents: Number(match[2]) * 100 } : null;
}

export async function seedDemoMembers(db: Db, now: Date): Promise<void> {
  const names = demoRestaurants.map((d) => d.restaurant.name);
  const demo = await db.select().from(restaurants).where(inArray(restaurants.name, names));
  for (const restaurant of demo) {
    await db.transaction(async (tx) => {
      // a concurrent start seeding the same restaurant waits on this lock and then finds its card type
      await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(eq(restaurants.id, restaurant.id))
        .for("update");
      const [any] = await tx
        .select({ id: memberCardTypes.id })
        .from(memberCardTypes)
        .where(eq(memberCardTypes.restaurantId, restaurant.id))
        .limit(1);
      if (any) return;
      const restaurantId = restaurant.id;
      await tx
        .insert(memberCardTypes)
        .values({ ...DEMO_CARD_TYPE, restaurantId, memberDay: DEMO_MEMBER_DAY });
      await tx.insert(rechargeRules).values(DEMO_RECHARGE_RULES.map((rule) => ({ ...rule, restaurantId })));
      const offer = offerOf(restaurant.discountText);
      if (offer) await tx.insert(discountOffers).values({ ...offer, restaurantId });
      if (restaurant.crmType === "new") {
        for (const template of OPEN_CARD_COUPONS)
          await createCouponTemplate(tx, { ...template, restaurantId }, now);
        return;
      }
      const coupon = await createCouponTemplate(tx, { ...CAMPAIGN_COUPON, restaurantId }, now);
      await tx.insert(memberCampaigns).values([
        {
          restaurantId,
          kind: CAMPAIGN_KIND.coupon,
          name: "新客领券",
          description: "领取5元代金券，满30元可用，7天内有效",
          templateId: coupon.id,
        },
        {
          restaurantId,
          kind: CAMPAIGN_KIND.redpacket,
          name: "会员红包",
          description: "抽取1至8.88元储值红包，每张会员卡限领一次",
          minCents: 100,
          maxCents: 888,
        },
      ]);
    });
  }
}
