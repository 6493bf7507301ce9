import { type Dish, type LineChoice, startingChoiceAvoiding } from "@tablemate/core";
import { useAvoidStore } from "./avoid-store.js";

/**
 * Where a dish's picker starts for this diner: with what they avoid (on this phone), a default size or
 * method holding it gives way to one that does not (core's startingChoiceAvoiding); null when they
 * avoid nothing.
 */
export function avoidingStart(dish: Dish): LineChoice | null {
  const { avoid } = useAvoidStore.getState();
  return avoid.length === 0 ? null : startingChoiceAvoiding(dish, avoid);
}
