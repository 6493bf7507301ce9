import type { Dish } from "@tablemate/core";

/** Placeholder until the dish modals land. */
export function openDishDetail(_dish: Dish): void {}

export function DishModalsHost() {
  return null;
}
