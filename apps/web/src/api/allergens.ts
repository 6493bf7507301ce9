import { jsonBody } from "@tablemate/client";
import { ALLERGEN_API, type Allergen, type TableAllergens } from "@tablemate/core";
import { http } from "./http.js";

/** What the table's diners share that they avoid (only the union). */
export function tableAllergens(rid: number, tableId: number): Promise<TableAllergens> {
  return http.get(ALLERGEN_API.tableAllergens, { rid, tableId });
}

/** Shares what this diner avoids with the table ([] stops sharing). */
export function shareAllergens(
  rid: number,
  body: { guid: string; tableId: number; avoid: readonly Allergen[] },
): Promise<TableAllergens> {
  return http.post(ALLERGEN_API.tableAllergens, body, { query: { rid }, encodeBody: jsonBody });
}
