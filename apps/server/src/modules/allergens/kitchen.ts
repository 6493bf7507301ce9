import {
  type Allergen,
  type AllergenDish,
  lineAllergens,
  parseDetailId,
  sortAllergens,
} from "@tablemate/core";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { dishes, visits } from "../../db/schema.js";

/**
 * What a table told the kitchen (issue 29): a submit's allergies join the visit's, and stay for the
 * whole visit, so every later ticket (加菜 included) carries them. Telling is only ever added to.
 */
export async function tellKitchen(db: Db, visitId: number, allergens: readonly Allergen[]): Promise<void> {
  if (allergens.length === 0) return;
  await db
    .update(visits)
    .set({
      kitchenAllergens: sql`(select coalesce(array_agg(distinct code order by code), '{}') from unnest(${visits.kitchenAllergens} || ${sql.param([...allergens])}::text[]) as code)`,
    })
    .where(eq(visits.id, visitId));
}

/** An order line as the kitchen knows it: its dish and its detail id (which names its choice). */
export interface KitchenLineRef {
  id: number;
  foodId: number;
  detailId: string;
}

/**
 * What each line contains, from its dish's declaration and the choice its detail id names: the
 * kitchen marks the lines holding an allergy the table told of.
 */
export async function linesAllergens(
  db: Db | Tx,
  restaurantId: number,
  lines: readonly KitchenLineRef[],
): Promise<Map<number, Allergen[]>> {
  const foodIds = [...new Set(lines.map((line) => line.foodId))];
  if (foodIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: dishes.id,
      allergens: dishes.allergens,
      norms: dishes.norms,
      methodCategories: dishes.methodCategories,
      additionCategories: dishes.additionCategories,
      combosList: dishes.combos,
    })
    .from(dishes)
    .where(and(eq(dishes.restaurantId, restaurantId), inArray(dishes.id, foodIds)));
  const byId = new Map<number, AllergenDish>(
    rows.map((row) => [row.id, { ...row, allergens: row.allergens ?? [] }]),
  );
  return new Map(
    lines.map((line) => {
      const dish = byId.get(line.foodId);
      const choice = parseDetailId(line.detailId);
      return [line.id, dish && choice ? lineAllergens(dish, choice) : []];
    }),
  );
}

export const storedAllergens = (codes: readonly string[] | null): Allergen[] => sortAllergens(codes ?? []);
