import { formatMarkup } from "@tablemate/client";
import type { AdditionCategory } from "@tablemate/core";
import { DISH_COPY } from "../../../copy.js";
import { useAppStore } from "../../../store/app-store.js";
import { RoundStepper } from "../../cart/RoundStepper.js";
import type { ChoiceEditor } from "../use-choice.js";
import { ChoiceSection } from "./Chip.js";

/** The wire's most of one add-on in a line (core's lineChoiceSchema). */
export const MAX_ADDITION_COUNT = 99;

/** Add-ons with counts; an add-on's remaining stock caps its count, none left shows 已售完. */
export function AdditionPicker({ category, editor }: { category: AdditionCategory; editor: ChoiceEditor }) {
  const stock = useAppStore((state) => state.additionEstimates);
  return (
    <ChoiceSection title={category.categoryName}>
      <ul className="addition-list">
        {category.additions.map((addition) => {
          const count = editor.choice.additions.find((a) => a.id === addition.id)?.count ?? 0;
          const left = stock[addition.id] ?? -1;
          const max = left === -1 ? MAX_ADDITION_COUNT : Math.min(left, MAX_ADDITION_COUNT);
          return (
            <li key={addition.id} className="addition-row" data-testid="addition-row">
              <span className="addition-row__name">{addition.name}</span>
              <span className="addition-row__price">{formatMarkup(addition.priceUpValue)}</span>
              {max === 0 ? (
                <span className="addition-row__sold-out">{DISH_COPY.additionSoldOut}</span>
              ) : (
                <RoundStepper
                  count={count > 0 ? String(count) : null}
                  plusDisabled={count >= max}
                  onMinus={() => editor.setAddition(addition.id, count - 1)}
                  onPlus={() => editor.setAddition(addition.id, Math.min(count + 1, max))}
                />
              )}
            </li>
          );
        })}
      </ul>
    </ChoiceSection>
  );
}
