import type { Dish } from "@tablemate/core";

/** Placeholder until the dish modals land: the card shows no control. */
export function DishAddControl(_props: { dish: Dish }) {
  return null;
}
