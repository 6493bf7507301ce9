/**
 * What a restaurant's member programme offers anyone (no login): its recharge rules (001 §5: by
 * rechargeMoney ascending) and its card rights (the card types switched on, their privileges and member
 * day, whether recharge is open).
 */
import { type CardRights, type RechargeRuleView, sortRechargeRules } from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { rechargeRules } from "../../db/schema.js";
import type { MemberRestaurant } from "./access.js";
import { presentCardType, presentRechargeRule } from "./present.js";

export async function rechargeRuleViews(db: Db, rid: number): Promise<RechargeRuleView[]> {
  const rows = await db
    .select()
    .from(rechargeRules)
    .where(and(eq(rechargeRules.restaurantId, rid), eq(rechargeRules.enabled, true)))
    .orderBy(rechargeRules.id);
  return sortRechargeRules(rows.map(presentRechargeRule));
}

export function cardRights({ restaurant, cardTypes }: MemberRestaurant, now: Date): CardRights {
  return {
    cardTypes: cardTypes.map((type) => presentCardType(type, now, restaurant.timezone)),
    openRecharge: restaurant.openRecharge,
  };
}
