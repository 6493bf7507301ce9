/** The restaurant settings the console changes: compare-and-set on the restaurant's version, audited. */
import { AppError, type ConsoleSettings, type ConsoleSettingsInput, yuanToCents } from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import { restaurants } from "../../db/schema.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import type { MenuAdminDeps } from "./dishes.js";
import { presentSettings } from "./present.js";

export async function readSettings(deps: MenuAdminDeps, restaurantId: number): Promise<ConsoleSettings> {
  return presentSettings(await getRestaurant(deps.db, restaurantId));
}

export async function updateSettings(
  deps: MenuAdminDeps,
  by: StaffPrincipal,
  input: ConsoleSettingsInput,
): Promise<ConsoleSettings> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, by.restaurantId))
      .for("update");
    if (!row) throw new AppError("restaurantNotFound");
    if (row.version !== input.version)
      throw new AppError("editConflict", "门店设置已被其他人修改，请刷新后再改", { version: row.version });
    const { version, deliveryFee, ...columns } = input;
    const [updated] = await tx
      .update(restaurants)
      .set({ ...columns, deliveryFeeCents: yuanToCents(deliveryFee), version: row.version + 1 })
      .where(and(eq(restaurants.id, by.restaurantId), eq(restaurants.version, version)))
      .returning();
    if (!updated) throw new AppError("editConflict");
    const before = presentSettings(row);
    const after = presentSettings(updated);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "settings.update",
      target: `restaurant:${by.restaurantId}`,
      before,
      after,
    });
    return after;
  });
}
