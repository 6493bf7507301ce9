import { allergenConflicts, type Dish, dishName, type LineChoice, lineAllergens } from "@tablemate/core";
import { imperativeAntd } from "../../antd-setup.js";
import { ALLERGEN_COPY } from "./allergen-copy.js";
import { useAvoidStore } from "./avoid-store.js";
import { allergenNames } from "./food-words.js";
import { sharedAtTable } from "./table-allergens.js";

/**
 * Before a line goes into the cart: when it contains what this diner avoids, or what a tablemate
 * shared that they avoid, the diner is asked first. Answers whether to add.
 */
export async function confirmAllergens(dish: Dish, choice: LineChoice): Promise<boolean> {
  const contains = lineAllergens(dish, choice);
  if (contains.length === 0) return true;
  const mine = allergenConflicts(contains, useAvoidStore.getState().avoid);
  const table = mine.length > 0 ? [] : allergenConflicts(contains, await sharedAtTable());
  if (mine.length === 0 && table.length === 0) return true;
  const name = dishName(dish);
  const { Dialog } = await imperativeAntd();
  return Dialog.confirm({
    title: ALLERGEN_COPY.confirmTitle,
    content:
      mine.length > 0
        ? ALLERGEN_COPY.confirmAdd(name, allergenNames(mine))
        : ALLERGEN_COPY.tableAvoids(name, allergenNames(table)),
    confirmText: ALLERGEN_COPY.stillAdd,
    cancelText: ALLERGEN_COPY.cancel,
  });
}
