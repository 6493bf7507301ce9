import type { Dish } from "@tablemate/core";
import { DishPrice } from "../menu/DishPrice.js";
import { useDishView } from "../menu/use-dish-view.js";

/** The dish's price as its card shows it to this diner (member price, 时价, 起, unit). */
export function ShownPrice({ dish }: { dish: Dish }) {
  const view = useDishView(dish);
  return <DishPrice price={view.price} unit={view.unit} />;
}
