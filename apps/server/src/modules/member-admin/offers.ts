/**
 * The restaurant's recharge rules (sorted as core's sortRechargeRules lists them, each in core's words:
 * 充500送50) and its 满减 offers (discount_offers): created, edited over the version read (409 when
 * someone changed it since), enabled and disabled under the row's lock, each change audited.
 */
import {
  AppError,
  type ConsoleOffer,
  type ConsoleRechargeRule,
  type rechargeRuleBodySchema,
  type rechargeRuleEditSchema,
  sortRechargeRules,
} from "@tablemate/core";
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { discountOffers, rechargeRules } from "../../db/schema.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { presentOffer, presentRule } from "./present.js";

export async function listRechargeRules(db: Db, restaurantId: number): Promise<ConsoleRechargeRule[]> {
  const rows = await db
    .select()
    .from(rechargeRules)
    .where(eq(rechargeRules.restaurantId, restaurantId))
    .orderBy(asc(rechargeRules.id));
  return sortRechargeRules(rows.map((row) => ({ row, rechargeMoney: row.rechargeCents }))).map(({ row }) =>
    presentRule(row),
  );
}

type RuleValues = Omit<z.output<typeof rechargeRuleEditSchema>, "version" | "enabled">;

const ruleColumns = (r: RuleValues) => ({
  rechargeCents: r.rechargeCents,
  giftCents: r.giftValue,
  giftPoints: r.giftPoints,
  giftType: r.giftType,
  awardType: r.awardType,
  custom: r.custom,
});

export async function createRechargeRule(
  db: Db,
  by: StaffPrincipal,
  body: z.output<typeof rechargeRuleBodySchema>,
): Promise<ConsoleRechargeRule> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rechargeRules)
      .values({ restaurantId: by.restaurantId, ...ruleColumns(body) })
      .returning();
    if (!row) throw new Error("recharge rule not inserted");
    const view = presentRule(row);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "rechargeRule.create",
      target: `rechargeRule:${row.id}`,
      after: view,
    });
    return view;
  });
}

/** The whole rule, enabled or not, over the version the console read. */
export async function editRechargeRule(
  db: Db,
  by: StaffPrincipal,
  ruleId: number,
  body: z.output<typeof rechargeRuleEditSchema>,
): Promise<ConsoleRechargeRule> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(rechargeRules)
      .where(and(eq(rechargeRules.id, ruleId), eq(rechargeRules.restaurantId, by.restaurantId)))
      .for("update");
    if (!row) throw new AppError("notFound", "充值规则不存在");
    if (row.version !== body.version)
      throw new AppError("editConflict", "该充值规则已被其他人修改，请刷新后再改", { version: row.version });
    const [changed] = await tx
      .update(rechargeRules)
      .set({ ...ruleColumns(body), enabled: body.enabled, version: row.version + 1 })
      .where(eq(rechargeRules.id, row.id))
      .returning();
    if (!changed) throw new Error(`rule ${row.id} locked and gone`);
    const view = presentRule(changed);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "rechargeRule.edit",
      target: `rechargeRule:${row.id}`,
      before: presentRule(row),
      after: view,
    });
    return view;
  });
}

export async function listOffers(db: Db, restaurantId: number): Promise<ConsoleOffer[]> {
  const rows = await db
    .select()
    .from(discountOffers)
    .where(eq(discountOffers.restaurantId, restaurantId))
    .orderBy(asc(discountOffers.thresholdCents), asc(discountOffers.id));
  return rows.map(presentOffer);
}

export async function createOffer(
  db: Db,
  by: StaffPrincipal,
  body: { threshold: number; reduction: number },
): Promise<ConsoleOffer> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(discountOffers)
      .values({
        restaurantId: by.restaurantId,
        thresholdCents: body.threshold,
        reductionCents: body.reduction,
      })
      .returning();
    if (!row) throw new Error("offer not inserted");
    const view = presentOffer(row);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "discountOffer.create",
      target: `discountOffer:${row.id}`,
      after: view,
    });
    return view;
  });
}

/** An offer on or off; asking for what it is changes and records nothing. */
export async function setOfferEnabled(
  db: Db,
  by: StaffPrincipal,
  offerId: number,
  enabled: boolean,
): Promise<ConsoleOffer> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(discountOffers)
      .where(and(eq(discountOffers.id, offerId), eq(discountOffers.restaurantId, by.restaurantId)))
      .for("update");
    if (!row) throw new AppError("notFound", "满减活动不存在");
    if (row.enabled === enabled) return presentOffer(row);
    const [changed] = await tx
      .update(discountOffers)
      .set({ enabled })
      .where(eq(discountOffers.id, row.id))
      .returning();
    if (!changed) throw new Error(`offer ${row.id} locked and gone`);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: enabled ? "discountOffer.enable" : "discountOffer.disable",
      target: `discountOffer:${row.id}`,
      before: { enabled: row.enabled },
      after: { enabled },
    });
    return presentOffer(changed);
  });
}
