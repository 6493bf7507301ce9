import { allergenConflicts, type Dish, possibleAllergens } from "@tablemate/core";
import { AllergyEntry } from "./AllergyEntry.js";
import { ALLERGEN_COPY } from "./allergen-copy.js";
import { useAvoidStore } from "./avoid-store.js";
import { allergenNames, dietNames } from "./food-words.js";
import "./allergens-sheet.css";

/**
 * The dish detail's allergy facts in words: what it contains, what its options may add, its diets,
 * or that it is undeclared; what of it this diner avoids; and the way to set what they avoid.
 */
export function DishAllergens({ dish }: { dish: Dish }) {
  const avoid = useAvoidStore((state) => state.avoid);
  const unknown = dish.allergenInfo === "unknown";
  const options = possibleAllergens(dish).filter((code) => !dish.allergens.includes(code));
  const conflicts = allergenConflicts([...dish.allergens, ...options], avoid);
  return (
    <section className="dish-allergens" data-testid="dish-allergens">
      {unknown ? (
        <p>{ALLERGEN_COPY.undeclared}</p>
      ) : (
        <p>
          {dish.allergens.length > 0
            ? ALLERGEN_COPY.contains(allergenNames(dish.allergens))
            : ALLERGEN_COPY.containsNone}
          {options.length > 0 && ` ${ALLERGEN_COPY.optionsMay(allergenNames(options))}`}
          {dish.diets.length > 0 && ` · ${dietNames(dish.diets)}`}
        </p>
      )}
      {conflicts.length > 0 && (
        <p className="dish-allergens__conflict" role="note">
          ⚠ {ALLERGEN_COPY.youAvoid(allergenNames(conflicts))}
        </p>
      )}
      <AllergyEntry />
    </section>
  );
}
