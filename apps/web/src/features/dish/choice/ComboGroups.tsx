import { formatMarkup } from "@tablemate/client";
import { pickedInGroup } from "@tablemate/core";
import { DISH_COPY } from "../../../copy.js";
import type { ChoiceEditor } from "../use-choice.js";
import { Chip, ChipExtra, ChoiceSection } from "./Chip.js";

/** The groups of a combo: fixed groups are all included; the others take `pick` parts each. */
export function ComboGroups({ editor }: { editor: ChoiceEditor }) {
  return (
    <>
      {editor.groups.map((group) => (
        <ChoiceSection
          key={group.name}
          title={group.name}
          note={
            group.fixed
              ? DISH_COPY.fixedGroup
              : DISH_COPY.pickCount(group.pick, pickedInGroup(group, editor.choice.parts))
          }
        >
          <div className="choice-chips" data-testid="combo-group" data-group={group.name}>
            {group.items.map((item) => (
              <Chip
                key={item.id}
                selected={editor.choice.parts.some((p) => p.itemId === item.itemId)}
                disabled={group.fixed}
                onSelect={() => editor.togglePart(group, item.itemId)}
              >
                {item.count > 1 ? `${item.name}×${item.count}` : item.name}
                {item.priceUp > 0 && <ChipExtra text={formatMarkup(item.priceUp)} />}
              </Chip>
            ))}
          </div>
        </ChoiceSection>
      ))}
    </>
  );
}
