import type { Allergen } from "@tablemate/core";
import { shareAllergens, tableAllergens } from "../../api/allergens.js";
import { useAppStore } from "../../store/app-store.js";

/** How long the table's shared allergies are taken as known before an add asks again. */
const FRESH_MS = 15_000;
let known: { at: number; avoid: Allergen[] } | null = null;

function seat() {
  const { restaurant, table, guid } = useAppStore.getState();
  return restaurant && table ? { rid: restaurant.restaurantId, tableId: table.tableId, guid } : null;
}

/** Tells the table what this diner avoids ([] stops). Failing is quiet: the phone still marks the menu. */
export async function shareWithTable(avoid: readonly Allergen[]): Promise<void> {
  const at = seat();
  if (!at) return;
  try {
    const shared = await shareAllergens(at.rid, { guid: at.guid, tableId: at.tableId, avoid });
    known = { at: Date.now(), avoid: shared.avoid };
  } catch {
    known = null;
  }
}

/** What the table's diners shared that they avoid; [] when it cannot be read (adding is never blocked). */
export async function sharedAtTable(): Promise<Allergen[]> {
  if (known && Date.now() - known.at < FRESH_MS) return known.avoid;
  const at = seat();
  if (!at) return [];
  try {
    known = { at: Date.now(), avoid: (await tableAllergens(at.rid, at.tableId)).avoid };
    return known.avoid;
  } catch {
    return [];
  }
}
