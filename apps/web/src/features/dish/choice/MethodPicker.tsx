import type { MethodCategory } from "@tablemate/core";
import { markupText } from "../markup-text.js";
import type { ChoiceEditor } from "../use-choice.js";
import { Chip, ChipExtra, ChoiceSection } from "./Chip.js";

/** One method category (辣度, 做法 …): exactly one method, each showing its markup. */
export function MethodPicker({ category, editor }: { category: MethodCategory; editor: ChoiceEditor }) {
  return (
    <ChoiceSection title={category.categoryName}>
      <div className="choice-chips">
        {category.methodList.map((method) => {
          const markup = markupText(method);
          return (
            <Chip
              key={method.id}
              selected={editor.choice.methodIds.includes(method.id)}
              onSelect={() => editor.chooseMethod(method.id)}
            >
              {method.name}
              {markup && <ChipExtra text={markup} />}
            </Chip>
          );
        })}
      </div>
    </ChoiceSection>
  );
}
