import { addedAmount, type Dish, detailId, type LineChoice, priceLine } from "@tablemate/core";
import Big from "big.js";
import { useState } from "react";
import { useCartStore } from "../cart/cart-store.js";
import { useIsMember } from "../cart/dish-lookup.js";
import { withAddToast } from "../cart/refusal.js";

const NONE = new Big(0);

export interface LineAdd {
  /** what this add brings: a typed weight, or what one + brings (the minimum first, then the step) */
  quantity: string;
  /** weighed dishes only: the weight the diner typed */
  setWeight(weight: string): void;
  /** the price of what this add brings, as core prices the line, exact */
  price: Big;
  /** adds to the cart; false (after a toast) when refused */
  add(): Promise<boolean>;
}

/** Adding the choice of a modal or page to the cart, with its live price. */
export function useLineAdd(dish: Dish, choice: LineChoice): LineAdd {
  const isMember = useIsMember();
  const [weight, setWeight] = useState(() => addedAmount(dish, NONE).toString());
  const id = detailId(dish.dishesId, choice);
  const current = useCartStore((state) => state.lines.find((line) => line.detailId === id)?.count ?? "0");
  const quantity = dish.Weigh ? weight : addedAmount(dish, new Big(current)).toString();
  return {
    quantity,
    setWeight,
    price: priceLine(dish, choice, quantity, isMember).total,
    add: () => {
      const cart = useCartStore.getState();
      return withAddToast(
        dish,
        dish.Weigh ? cart.addQuantity(dish.dishesId, choice, weight) : cart.add(dish.dishesId, choice),
      );
    },
  };
}
