import type { Dish } from "@tablemate/core";
import type { ChoiceEditor } from "../use-choice.js";
import { AdditionPicker } from "./AdditionPicker.js";
import { ComboGroups } from "./ComboGroups.js";
import { MethodPicker } from "./MethodPicker.js";
import { NormPicker } from "./NormPicker.js";

const bySort = <T extends { sort: number }>(list: readonly T[]) => [...list].sort((a, b) => a.sort - b.sort);

/** Everything a dish lets the diner choose, in the order a diner decides: parts, size, cooking, add-ons. */
export function ChoiceSections({ dish, editor }: { dish: Dish; editor: ChoiceEditor }) {
  return (
    <>
      <ComboGroups editor={editor} />
      {dish.norms.length > 0 && <NormPicker dish={dish} editor={editor} />}
      {bySort(dish.methodCategories)
        .filter((category) => category.methodList.length > 0)
        .map((category) => (
          <MethodPicker key={category.categoryName} category={category} editor={editor} />
        ))}
      {bySort(dish.additionCategories)
        .filter((category) => category.additions.length > 0)
        .map((category) => (
          <AdditionPicker key={category.categoryName} category={category} editor={editor} />
        ))}
    </>
  );
}
