import type { Dish } from "@tablemate/core";
import { DISH_COPY } from "../../../copy.js";
import type { ChoiceEditor } from "../use-choice.js";
import { Chip, ChoiceSection } from "./Chip.js";

/** 规格: exactly one norm, the default preselected. */
export function NormPicker({ dish, editor }: { dish: Dish; editor: ChoiceEditor }) {
  return (
    <ChoiceSection title={DISH_COPY.norms}>
      <div className="choice-chips">
        {dish.norms.map((norm) => (
          <Chip
            key={norm.id}
            selected={editor.choice.normId === norm.id}
            onSelect={() => editor.chooseNorm(norm.id)}
          >
            {norm.name}
          </Chip>
        ))}
      </div>
    </ChoiceSection>
  );
}
