import { type Dish, dishUnit, type LineChoice } from "@tablemate/core";
import { DISH_COPY } from "../../../copy.js";
import { QuantityKeypad } from "../../cart/QuantityKeypad.js";
import { useSheet } from "../../cart/use-sheet.js";

export interface WeightFieldProps {
  dish: Dish;
  choice: LineChoice;
  weight: string;
  onWeight(weight: string): void;
}

/** A weighed dish's weight in a modal or page: typed on the keypad, with decimals. */
export function WeightField({ dish, choice, weight, onWeight }: WeightFieldProps) {
  const keypad = useSheet();
  return (
    <section className="choice-section weight-field">
      <h4 className="choice-section__title">{DISH_COPY.weight}</h4>
      <button type="button" className="weight-field__value" onClick={keypad.open} data-testid="weight-field">
        <span>
          {weight}
          {dishUnit(dish)}
        </span>
        <span className="weight-field__change">{DISH_COPY.changeWeight}</span>
      </button>
      {keypad.mounted && (
        <QuantityKeypad
          dish={dish}
          choice={choice}
          current={weight}
          visible={keypad.visible}
          onConfirm={onWeight}
          onClose={keypad.close}
          afterClose={keypad.afterClose}
        />
      )}
    </section>
  );
}
