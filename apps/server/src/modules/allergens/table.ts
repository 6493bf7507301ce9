import { type Allergen, sortAllergens, type TableAllergens } from "@tablemate/core";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { tableUsers } from "../../db/schema.js";

/**
 * What a table's diners chose to share that they avoid (issue 29). Only the union is ever answered,
 * never who avoids what; a diner stops sharing by sharing nothing.
 */
export async function shareAllergens(
  db: Db,
  visitId: number,
  guid: string,
  avoid: readonly Allergen[],
): Promise<TableAllergens> {
  await db
    .update(tableUsers)
    .set({ avoidAllergens: sortAllergens(avoid) })
    .where(and(eq(tableUsers.visitId, visitId), eq(tableUsers.guid, guid)));
  return tableAllergens(db, visitId);
}

export async function tableAllergens(db: Db, visitId: number): Promise<TableAllergens> {
  const rows = await db
    .select({ avoid: tableUsers.avoidAllergens })
    .from(tableUsers)
    .where(and(eq(tableUsers.visitId, visitId), sql`cardinality(${tableUsers.avoidAllergens}) > 0`));
  return { avoid: sortAllergens(rows.flatMap((row) => row.avoid)), sharers: rows.length };
}
