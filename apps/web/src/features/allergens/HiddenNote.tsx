import { ALLERGEN_COPY } from "./allergen-copy.js";
import { saveAvoid, useAvoidStore } from "./avoid-store.js";
import { allergenNames } from "./food-words.js";
import "./allergens-sheet.css";

/**
 * Above the menu of a diner who hides what they avoid: how many dishes are hidden and why, and the way
 * to show them again (marked, as without hiding). Dishes whose options can leave the allergen out stay,
 * as do undeclared ones, each marked.
 */
export function HiddenNote({ count }: { count: number }) {
  const avoid = useAvoidStore((state) => state.avoid);
  return (
    <p className="hidden-note" role="status" data-testid="hidden-note">
      <span>{ALLERGEN_COPY.hiddenCount(count, allergenNames(avoid))}</span>
      <button type="button" className="hidden-note__show" onClick={() => saveAvoid({ hide: false })}>
        {ALLERGEN_COPY.showHidden}
      </button>
    </p>
  );
}
