import type { Dish } from "@tablemate/core";
import { type ReactNode, useEffect } from "react";
import { DISH_COPY } from "../../../copy.js";
import { useChoice } from "../use-choice.js";
import { useLineAdd } from "../use-line-add.js";
import { AddFooter } from "./AddFooter.js";
import { ChoiceSections } from "./ChoiceSections.js";
import { WeightField } from "./WeightField.js";

export interface ChoiceFormProps {
  dish: Dish;
  /** what sits above the options and scrolls with them (the page's picture and name) */
  header?: ReactNode;
  /** after the line went into the cart: close the modal, or leave the page */
  onAdded(): void;
  /** told the chosen norm as it changes (the sheet's header price follows it) */
  onNorm?(normId: number | null): void;
}

/**
 * Choosing and adding one line: the options, the weight of a weighed dish, the live price and the
 * add. The add-ons modal, the property/spec modal and the /foodBatch and /foodCombo pages all use it.
 */
export function ChoiceForm({ dish, header, onAdded, onNorm }: ChoiceFormProps) {
  const editor = useChoice(dish);
  const { startWith } = editor;
  // a diner who avoids something starts from the sizes and methods that leave it out, where there are
  useEffect(() => {
    let open = true;
    void import("../../allergens/avoid-start.js").then(({ avoidingStart }) => {
      const start = avoidingStart(dish);
      if (open && start) startWith(start);
    });
    return () => {
      open = false;
    };
  }, [dish, startWith]);
  const { normId } = editor.choice;
  useEffect(() => onNorm?.(normId), [normId, onNorm]);
  const line = useLineAdd(dish, editor.choice);
  const [unfinished] = editor.unfinished;
  // a line holding what this diner, or a tablemate who shared it, avoids is asked about first
  const add = async () => {
    const { confirmAllergens } = await import("../../allergens/confirm-add.js");
    if ((await confirmAllergens(dish, editor.choice)) && (await line.add())) onAdded();
  };
  return (
    <div className="choice-form">
      <div className="choice-form__body">
        {header}
        <ChoiceSections dish={dish} editor={editor} />
        {dish.Weigh && (
          <WeightField dish={dish} choice={editor.choice} weight={line.quantity} onWeight={line.setWeight} />
        )}
      </div>
      <AddFooter
        price={line.price}
        hint={unfinished ? DISH_COPY.chooseGroup(unfinished.name) : null}
        onAdd={() => void add()}
      />
    </div>
  );
}
