/**
 * The console's coupon templates (issue 19): the restaurant's list with how many of each were given,
 * a new template (the member module's createCouponTemplate), enabling and disabling, and giving one
 * coupon to a card of the restaurant (giveCoupon, once per give id). Each change audited with it.
 */
import {
  AppError,
  CARD_STATUS,
  type CouponTemplateView,
  type couponTemplateBodySchema,
  type GivenCoupon,
  VALIDITY_TYPE,
} from "@tablemate/core";
import { and, asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { couponTemplates, dishes, memberCards, memberCoupons } from "../../db/schema.js";
import { createCouponTemplate, giveCoupon } from "../member/index.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { presentTemplate } from "./present.js";

const templateNotFound = () => new AppError("notFound", "优惠券不存在");

/** The restaurant's templates, oldest first, each with its dish's name and the coupons given of it. */
export async function listTemplates(db: Db, restaurantId: number): Promise<CouponTemplateView[]> {
  const given = db
    .select({ templateId: memberCoupons.templateId, n: count().as("n") })
    .from(memberCoupons)
    .groupBy(memberCoupons.templateId)
    .as("given");
  const rows = await db
    .select({ template: couponTemplates, dishName: dishes.name, given: given.n })
    .from(couponTemplates)
    .leftJoin(dishes, eq(dishes.id, couponTemplates.dishId))
    .leftJoin(given, eq(given.templateId, couponTemplates.id))
    .where(eq(couponTemplates.restaurantId, restaurantId))
    .orderBy(asc(couponTemplates.id));
  return rows.map((r) => presentTemplate(r.template, r.dishName, Number(r.given ?? 0)));
}

/** A new template: only its validity type's fields kept; a dish not the restaurant's is 404. */
export async function createTemplate(
  db: Db,
  by: StaffPrincipal,
  body: z.output<typeof couponTemplateBodySchema>,
  now: Date,
): Promise<CouponTemplateView> {
  const days = body.validityType === VALIDITY_TYPE.daysAfterGiven;
  const range = body.validityType === VALIDITY_TYPE.dateRange;
  return db.transaction(async (tx) => {
    const row = await createCouponTemplate(
      tx,
      {
        restaurantId: by.restaurantId,
        name: body.name,
        couponType: body.couponType,
        faceCents: body.face,
        dishId: body.dishId,
        minSpendCents: body.minSpend,
        validityType: body.validityType,
        effectiveTime: days ? (body.effectiveTime ?? 0) : null,
        validityDays: days ? body.validityDays : null,
        startTime: range ? body.startTime : null,
        endTime: range ? body.endTime : null,
        openCardActivity: body.openCardActivity,
      },
      now,
    );
    const [dish] = row.dishId
      ? await tx.select({ name: dishes.name }).from(dishes).where(eq(dishes.id, row.dishId))
      : [];
    const view = presentTemplate(row, dish?.name ?? null, 0);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "couponTemplate.create",
      target: `couponTemplate:${row.id}`,
      after: view,
    });
    return view;
  });
}

/** Stops giving a template's coupons, or gives them again; the coupons already held stay as they are. */
export async function setTemplateEnabled(
  db: Db,
  by: StaffPrincipal,
  templateId: number,
  enabled: boolean,
): Promise<CouponTemplateView> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(couponTemplates)
      .where(and(eq(couponTemplates.id, templateId), eq(couponTemplates.restaurantId, by.restaurantId)))
      .for("update");
    if (!row) throw templateNotFound();
    if (row.enabled === enabled) return;
    await tx.update(couponTemplates).set({ enabled }).where(eq(couponTemplates.id, row.id));
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: enabled ? "couponTemplate.enable" : "couponTemplate.disable",
      target: `couponTemplate:${row.id}`,
      before: { enabled: row.enabled },
      after: { enabled },
    });
  });
  const view = (await listTemplates(db, by.restaurantId)).find((t) => t.id === templateId);
  if (!view) throw templateNotFound();
  return view;
}

/**
 * One coupon of the restaurant's template to one of its cards, once per give id (the console's, per
 * intended give): given again, it answers the coupon given first and records nothing. A frozen card
 * is given nothing (10020); a disabled template gives nothing (4706); another restaurant's card or
 * template is 404. The card is share-locked meanwhile, so a freeze waits for the give or goes first.
 */
export async function giveToCard(
  db: Db,
  by: StaffPrincipal,
  templateId: number,
  input: { cardId: number; giveId: string },
  now: Date,
): Promise<GivenCoupon> {
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select({ id: memberCards.id, status: memberCards.status })
      .from(memberCards)
      .where(and(eq(memberCards.id, input.cardId), eq(memberCards.restaurantId, by.restaurantId)))
      .for("share");
    if (!card) throw new AppError("notFound", "会员卡不存在");
    if (card.status === CARD_STATUS.frozen) throw new AppError("cardFrozen");
    const { coupon, replayed } = await giveCoupon(tx, {
      cardId: card.id,
      templateId,
      giveKey: `staff:${input.giveId}`,
      now,
    });
    if (!replayed)
      await recordAudit(tx, {
        restaurantId: by.restaurantId,
        by,
        action: "coupon.give",
        target: `memberCard:${card.id}`,
        after: { templateId, couponId: coupon.id, code: coupon.code, name: coupon.name },
      });
    return {
      id: coupon.id,
      code: coupon.code,
      name: coupon.name,
      cardId: coupon.cardId,
      firstDay: coupon.firstDay,
      lastDay: coupon.lastDay,
      replayed,
    };
  });
}
