/**
 * Coupon templates and the coupons cards hold (issue 19). A coupon's validity becomes dates when it is
 * given (core's couponValidity, on the restaurant's clock) and its state moves only by
 * compare-and-set: unused → locked to an order (at submit: of any number of orders locking one coupon
 * at once, exactly one wins), locked → used (the order's payment), locked → unused (the order
 * cancelled, or its payment expired: returnOrderCoupons). Each move done twice answers as the first.
 */
import { randomInt } from "node:crypto";
import {
  AppError,
  COUPON_TYPE,
  type CouponValidityRule,
  couponValidity,
  type HeldCoupon,
  MEMBER_TEXT,
  validityState,
} from "@tablemate/core";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { couponTemplates, dishes, memberCards, memberCoupons, restaurants } from "../../db/schema.js";

export type CouponTemplateRow = typeof couponTemplates.$inferSelect;
export type CouponRow = typeof memberCoupons.$inferSelect;

export type CouponTemplateInput = Pick<
  typeof couponTemplates.$inferInsert,
  | "restaurantId"
  | "name"
  | "couponType"
  | "faceCents"
  | "dishId"
  | "minSpendCents"
  | "validityType"
  | "effectiveTime"
  | "validityDays"
  | "startTime"
  | "endTime"
  | "openCardActivity"
>;

const ruleOf = (t: Pick<CouponTemplateRow, keyof CouponValidityRule>): CouponValidityRule => ({
  validityType: t.validityType,
  effectiveTime: t.effectiveTime,
  validityDays: t.validityDays,
  startTime: t.startTime,
  endTime: t.endTime,
});

function validity(rule: CouponValidityRule, givenAt: Date, timeZone: string) {
  try {
    return couponValidity(rule, givenAt, timeZone);
  } catch (error) {
    if (error instanceof RangeError) throw new AppError("badRequest", error.message);
    throw error;
  }
}

async function timeZoneOf(db: Tx, restaurantId: number): Promise<string> {
  const [restaurant] = await db
    .select({ timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw new AppError("restaurantNotFound");
  return restaurant.timezone;
}

/**
 * A restaurant's new coupon template; a validity rule core cannot turn into dates is refused (400).
 * `db` may be a transaction (the console's, with its audit entry).
 */
export async function createCouponTemplate(
  db: Tx,
  input: CouponTemplateInput,
  now: Date,
): Promise<CouponTemplateRow> {
  validity(
    ruleOf({ effectiveTime: null, validityDays: null, startTime: null, endTime: null, ...input }),
    now,
    await timeZoneOf(db, input.restaurantId),
  );
  if (input.dishId != null) {
    const [dish] = await db
      .select({ id: dishes.id })
      .from(dishes)
      .where(and(eq(dishes.id, input.dishId), eq(dishes.restaurantId, input.restaurantId)));
    if (!dish) throw new AppError("dishNotFound");
  }
  const [row] = await db.insert(couponTemplates).values(input).returning();
  if (!row) throw new Error("template insert returned nothing");
  return row;
}

/** a voucher's code: 12 digits */
const newCode = () => String(randomInt(1e11, 1e12));

/**
 * Gives a card a coupon of its restaurant's template, once per `giveKey` (open-card:<template>, a
 * campaign's, a manager's): its terms copied, its validity fixed now on the restaurant's clock.
 * Answers the coupon and whether it had been given already. `db` may be a transaction (the console's).
 */
export async function giveCoupon(
  db: Tx,
  input: { cardId: number; templateId: number; giveKey: string; now: Date },
): Promise<{ coupon: CouponRow; replayed: boolean }> {
  const [found] = await db
    .select({ template: couponTemplates, timezone: restaurants.timezone, dishName: dishes.name })
    .from(memberCards)
    .innerJoin(couponTemplates, eq(couponTemplates.restaurantId, memberCards.restaurantId))
    .innerJoin(restaurants, eq(restaurants.id, memberCards.restaurantId))
    .leftJoin(dishes, eq(dishes.id, couponTemplates.dishId))
    .where(and(eq(memberCards.id, input.cardId), eq(couponTemplates.id, input.templateId)));
  if (!found) throw new AppError("notFound", "优惠券不存在");
  const { template } = found;
  if (!template.enabled) throw new AppError("couponUnusable", "优惠券已停止发放");
  const dates = validity(ruleOf(template), input.now, found.timezone);
  for (let draw = 0; draw < 4; draw++) {
    // no conflict target: a code drawn that is another coupon's inserts nothing either, with no error
    // (which would end a caller's transaction), and is drawn again
    const [given] = await db
      .insert(memberCoupons)
      .values({
        cardId: input.cardId,
        templateId: template.id,
        code: newCode(),
        giveKey: input.giveKey,
        name: template.name,
        couponType: template.couponType,
        faceCents: template.faceCents,
        dishId: template.dishId,
        dishName: found.dishName,
        minSpendCents: template.minSpendCents,
        startsAt: dates.startsAt,
        endsAt: dates.endsAt,
        firstDay: dates.firstDay,
        lastDay: dates.lastDay,
        givenAt: input.now,
      })
      .onConflictDoNothing()
      .returning();
    if (given) return { coupon: given, replayed: false };
    const [earlier] = await db
      .select()
      .from(memberCoupons)
      .where(and(eq(memberCoupons.cardId, input.cardId), eq(memberCoupons.giveKey, input.giveKey)));
    if (earlier) return { coupon: earlier, replayed: true };
  }
  throw new Error("four coupon codes drawn were all another coupon's");
}

/** What moving a coupon needs: the database, or the transaction of the payment that moves it. */
type CouponDb = Pick<Db, "select" | "update">;

async function couponOf(db: CouponDb, couponId: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(memberCoupons).where(eq(memberCoupons.id, couponId));
  return row;
}

/** Why a coupon that is not (or no longer) unused cannot be locked to `orderId`. */
function notLockable(coupon: CouponRow): AppError {
  return new AppError(
    "couponUnusable",
    coupon.state === "used" ? MEMBER_TEXT.couponUsed : MEMBER_TEXT.couponLocked,
  );
}

/**
 * Locks a card's coupon to an open order of the card's restaurant (at submit). Compare-and-set on
 * its state: of concurrent lockers exactly one wins, the others are refused (4706 优惠券已被其他订单占用).
 * A coupon outside its validity now (core's validityState) is refused (4706 with why). Locking it to
 * the order again answers the lock.
 */
export async function lockCoupon(
  db: CouponDb,
  input: { cardId: number; couponId: number; orderId: number; now: Date },
): Promise<{ coupon: CouponRow; replayed: boolean }> {
  const coupon = await couponOf(db, input.couponId);
  if (!coupon || coupon.cardId !== input.cardId) throw new AppError("notFound", "优惠券不存在");
  if (coupon.state === "locked" && coupon.orderId === input.orderId) return { coupon, replayed: true };
  if (coupon.state !== "unused") throw notLockable(coupon);
  const state = validityState(coupon, input.now);
  if (state === "expired") throw new AppError("couponUnusable", MEMBER_TEXT.couponExpired);
  if (state === "notYetValid")
    throw new AppError("couponUnusable", MEMBER_TEXT.couponNotYetValid(coupon.firstDay));
  const [locked] = await db
    .update(memberCoupons)
    .set({ state: "locked", orderId: input.orderId, lockedAt: input.now })
    .where(
      and(
        eq(memberCoupons.id, input.couponId),
        eq(memberCoupons.cardId, input.cardId),
        eq(memberCoupons.state, "unused"),
        // the order is one of the card's restaurant's
        sql`exists (select 1 from orders o join member_cards c on c.restaurant_id = o.restaurant_id
          where o.id = ${input.orderId} and c.id = ${memberCoupons.cardId})`,
      ),
    )
    .returning();
  if (locked) return { coupon: locked, replayed: false };
  const now = await couponOf(db, input.couponId);
  if (now?.state === "locked" && now.orderId === input.orderId) return { coupon: now, replayed: true };
  if (now && now.state !== "unused") throw notLockable(now);
  throw new AppError("cardOtherRestaurant");
}

/** The order's payment uses its locked coupon (compare-and-set; used by it already answers the same). */
export async function useCoupon(
  db: CouponDb,
  input: { couponId: number; orderId: number; now: Date },
): Promise<{ coupon: CouponRow; replayed: boolean }> {
  const [used] = await db
    .update(memberCoupons)
    .set({ state: "used", usedAt: input.now })
    .where(
      and(
        eq(memberCoupons.id, input.couponId),
        eq(memberCoupons.state, "locked"),
        eq(memberCoupons.orderId, input.orderId),
      ),
    )
    .returning();
  if (used) return { coupon: used, replayed: false };
  const coupon = await couponOf(db, input.couponId);
  if (coupon?.state === "used" && coupon.orderId === input.orderId) return { coupon, replayed: true };
  if (!coupon) throw new AppError("notFound", "优惠券不存在");
  // not locked to this order: its price was not computed with this coupon
  throw new AppError("couponUnusable", coupon.state === "unused" ? undefined : notLockable(coupon).message);
}

/**
 * Gives back the coupons an order locked (the order cancelled, or its payment expired): locked by it
 * → unused, compare-and-set. Answers the coupons given back (none the second time). A coupon the
 * order's payment used stays used.
 */
export async function returnOrderCoupons(db: CouponDb, orderId: number): Promise<CouponRow[]> {
  return db
    .update(memberCoupons)
    .set({ state: "unused", orderId: null, lockedAt: null })
    .where(and(eq(memberCoupons.orderId, orderId), eq(memberCoupons.state, "locked")))
    .returning();
}

/** A held coupon as core's pipeline reads it; one locked to `forOrderId` reads as unused (000 §4). */
export function heldCoupon(row: CouponRow, forOrderId?: number): HeldCoupon {
  const state = row.state === "locked" && row.orderId === forOrderId ? "unused" : row.state;
  const base = {
    id: String(row.id),
    name: row.name,
    minSpendCents: row.minSpendCents,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    state,
  };
  if (row.couponType === COUPON_TYPE.goods)
    return {
      ...base,
      kind: "goods",
      dishId: row.dishId ?? 0,
      dishName: row.dishName ?? "",
      faceCents: row.faceCents,
    };
  return { ...base, kind: "cash", faceCents: row.faceCents ?? 0 };
}

/** A card's coupons, oldest first, for the coupon lists and core's discount pipeline. */
export async function cardCoupons(db: Db, cardId: number): Promise<CouponRow[]> {
  return db.select().from(memberCoupons).where(eq(memberCoupons.cardId, cardId)).orderBy(memberCoupons.id);
}
