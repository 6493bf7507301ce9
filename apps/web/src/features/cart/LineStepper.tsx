import { type CartLine, type Dish, dishUnit, usesKeypad } from "@tablemate/core";
import Big from "big.js";
import { passesAddThrottle } from "./add-throttle.js";
import { useCartStore } from "./cart-store.js";
import { choiceOf } from "./lines.js";
import { QuantityKeypad } from "./QuantityKeypad.js";
import { RoundStepper } from "./RoundStepper.js";
import { withAddToast, withRefusalToast } from "./refusal.js";
import { useSheet } from "./use-sheet.js";

/**
 * − count + of one cart line (spec 000 §5): + adds the step, − goes down a step or out at the
 * minimum; from 4 on, and always for weighed dishes, either opens the keypad to type the count.
 */
export function LineStepper({ dish, line }: { dish: Dish; line: CartLine }) {
  const keypad = useSheet();
  const tap = (direction: "plus" | "minus") => {
    if (!passesAddThrottle()) return;
    if (usesKeypad(dish, new Big(line.count))) {
      keypad.open();
      return;
    }
    const cart = useCartStore.getState();
    if (direction === "plus") void withAddToast(dish, cart.add(line.foodId, choiceOf(line)));
    else void withRefusalToast(cart.minus(line.detailId));
  };

  return (
    <>
      <RoundStepper
        count={line.count}
        unit={dish.Weigh ? dishUnit(dish) : undefined}
        onMinus={() => tap("minus")}
        onPlus={() => tap("plus")}
      />
      {keypad.mounted && (
        <QuantityKeypad
          dish={dish}
          choice={choiceOf(line)}
          current={line.count}
          visible={keypad.visible}
          onConfirm={(count) => void withRefusalToast(useCartStore.getState().set(line.detailId, count))}
          onClose={keypad.close}
          afterClose={keypad.afterClose}
        />
      )}
    </>
  );
}
