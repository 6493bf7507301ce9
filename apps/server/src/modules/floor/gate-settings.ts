import { AppError, type GateRules, gateRulesSchema, NO_GATE } from "@tablemate/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { restaurants } from "../../db/schema.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";

/** The restaurant's gate rules as stored, every rule present (a stored value that no longer parses: none). */
export async function readGateRules(db: Db, restaurantId: number): Promise<GateRules> {
  const [row] = await db
    .select({ gateRules: restaurants.gateRules })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw new AppError("restaurantNotFound");
  const parsed = gateRulesSchema.safeParse(row.gateRules);
  return parsed.success ? parsed.data : NO_GATE;
}

/** Replaces the rules (the next submit reads them), under the restaurant's row lock, audited before/after. */
export async function writeGateRules(
  db: Db,
  by: StaffPrincipal,
  restaurantId: number,
  rules: GateRules,
): Promise<GateRules> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ gateRules: restaurants.gateRules })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .for("update");
    if (!row) throw new AppError("restaurantNotFound");
    await tx.update(restaurants).set({ gateRules: rules }).where(eq(restaurants.id, restaurantId));
    await recordAudit(tx, {
      restaurantId,
      by,
      action: "settings.gate",
      target: `restaurant:${restaurantId}`,
      before: row.gateRules,
      after: rules,
    });
    return rules;
  });
}
