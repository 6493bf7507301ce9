/**
 * The coupon lists (001 §7 coupons; 000 §3 new-member coupons): the caller's own coupons at the
 * restaurant, usable (type 1) or used and expired (type 2), a page at a time; and the coupons a new
 * card is given (the new-member dialog's, open to anyone).
 */
import {
  COUPON_TYPE,
  type CouponsQuery,
  MEMBER_TEXT,
  type OpenCardCoupon,
  type Voucher,
  validityState,
} from "@tablemate/core";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { couponTemplates, dishes } from "../../db/schema.js";
import { ownCard, ownMemberId } from "./access.js";
import { type CouponRow, cardCoupons } from "./coupons.js";
import { cardsOf } from "./members.js";
import type { MemberOfCall } from "./port.js";
import { dishCents, minFeeOf, presentVoucher } from "./present.js";

/** Not used and not past its end: the list's type 1 (one locked to an open order shows, and comes back on its cancel). */
export const usableNow = (coupon: CouponRow, now: Date): boolean =>
  coupon.state !== "used" && validityState(coupon, now) !== "expired";

async function dishPrices(db: Db, dishIds: number[]): Promise<Map<number, number>> {
  if (dishIds.length === 0) return new Map();
  const rows = await db
    .select({ id: dishes.id, price: dishes.price })
    .from(dishes)
    .where(inArray(dishes.id, dishIds));
  return new Map(rows.map((row) => [row.id, dishCents(row.price)]));
}

/** Coupons as vouchers (goods vouchers priced by their dish, read in one query). */
export async function couponVouchers(
  db: Db,
  rows: CouponRow[],
  now: Date,
  timeZone: string,
): Promise<Voucher[]> {
  const prices = await dishPrices(db, [
    ...new Set(
      rows.flatMap((row) =>
        row.couponType === COUPON_TYPE.goods && row.dishId !== null ? [row.dishId] : [],
      ),
    ),
  ]);
  return rows.map((row) =>
    presentVoucher(row, row.dishId === null ? null : (prices.get(row.dishId) ?? null), now, timeZone),
  );
}

/**
 * GET coupons: the caller's coupons at the restaurant, on the card named (its checks: 1403, 100002,
 * 10020, 10024) or on every card they hold here; a memberId named must be theirs (1403). Type 1: usable
 * now or later, soonest to end first; type 2: used or expired, latest first.
 */
export async function listCoupons(
  db: Db,
  member: MemberOfCall,
  query: CouponsQuery,
  now: Date,
  timeZone: string,
): Promise<{ total: number; list: Voucher[] }> {
  ownMemberId(member, query.memberId);
  const cards =
    query.memberCardId === undefined
      ? await cardsOf(db, member.memberId, query.rid)
      : [await ownCard(db, member, query.rid, query.memberCardId)];
  const held = (await Promise.all(cards.map((card) => cardCoupons(db, card.id)))).flat();
  const wanted = held.filter((coupon) => usableNow(coupon, now) === (query.type === 1));
  const endOf = (coupon: CouponRow) => coupon.endsAt?.getTime() ?? Number.POSITIVE_INFINITY;
  wanted.sort(query.type === 1 ? (a, b) => endOf(a) - endOf(b) || a.id - b.id : (a, b) => b.id - a.id);
  const page = wanted.slice((query.page - 1) * query.limit, query.page * query.limit);
  return { total: wanted.length, list: await couponVouchers(db, page, now, timeZone) };
}

/**
 * GET open-card-gived-coupons (new system only): the enabled coupon templates given on opening a card,
 * all activity types or one; for the new-member dialog, so no login is needed.
 */
export async function openCardCoupons(
  db: Db,
  rid: number,
  type: "all" | 1 | 2 | 3,
): Promise<OpenCardCoupon[]> {
  const rows = await db
    .select({ template: couponTemplates, dishPrice: dishes.price })
    .from(couponTemplates)
    .leftJoin(dishes, eq(dishes.id, couponTemplates.dishId))
    .where(
      and(
        eq(couponTemplates.restaurantId, rid),
        eq(couponTemplates.enabled, true),
        type === "all"
          ? isNotNull(couponTemplates.openCardActivity)
          : eq(couponTemplates.openCardActivity, type),
      ),
    )
    .orderBy(couponTemplates.id);
  return rows.map(({ template, dishPrice }) => {
    const activityType = template.openCardActivity ?? 0;
    return {
      id: template.id,
      name: template.name,
      num: 1,
      validityType: template.validityType,
      type: template.couponType,
      price: template.faceCents ?? (dishPrice === null ? 0 : dishCents(dishPrice)),
      money: minFeeOf(template.minSpendCents),
      effectiveTime: template.effectiveTime,
      validityDays: template.validityDays,
      startTime: template.startTime,
      endTime: template.endTime,
      activityType,
      datasetData: { option: MEMBER_TEXT.openCardActivity(activityType) },
    };
  });
}
