import { addedAmount, type Dish, detailId, EMPTY_CHOICE } from "@tablemate/core";
import Big from "big.js";
import { passesAddThrottle } from "../cart/add-throttle.js";
import { useCartStore } from "../cart/cart-store.js";
import { LineStepper } from "../cart/LineStepper.js";
import { lineById } from "../cart/lines.js";
import { QuantityKeypad } from "../cart/QuantityKeypad.js";
import { RoundStepper } from "../cart/RoundStepper.js";
import { withAddToast } from "../cart/refusal.js";
import { useSheet } from "../cart/use-sheet.js";

/**
 * A single dish without options: + adds its one line (the minimum first), then − count + work on
 * that line. A weighed dish is added by typing its weight on the keypad.
 */
export function PlainDishControl({ dish }: { dish: Dish }) {
  const line = useCartStore(lineById(detailId(dish.dishesId, EMPTY_CHOICE)));
  const keypad = useSheet();
  const addFirst = () => {
    if (!passesAddThrottle()) return;
    if (dish.Weigh) keypad.open();
    else void withAddToast(dish, useCartStore.getState().add(dish.dishesId, EMPTY_CHOICE));
  };

  if (line) return <LineStepper dish={dish} line={line} />;
  return (
    <>
      <RoundStepper count={null} onMinus={addFirst} onPlus={addFirst} />
      {keypad.mounted && (
        <QuantityKeypad
          dish={dish}
          choice={EMPTY_CHOICE}
          current={addedAmount(dish, new Big(0)).toString()}
          visible={keypad.visible}
          onConfirm={(count) =>
            void withAddToast(dish, useCartStore.getState().addQuantity(dish.dishesId, EMPTY_CHOICE, count))
          }
          onClose={keypad.close}
          afterClose={keypad.afterClose}
        />
      )}
    </>
  );
}
