import type { Dish } from "@tablemate/core";
import { useMemo } from "react";
import { useAppStore } from "../../store/app-store.js";
import { type DishView, describeDish } from "./dish-view.js";

/** A card's view of its dish, with the period info and member flag of the store. */
export function useDishView(dish: Dish): DishView {
  const info = useAppStore((state) => state.periodDishes[dish.dishesId]);
  const isMember = useAppStore((state) => state.isMember);
  return useMemo(() => describeDish(dish, info, isMember), [dish, info, isMember]);
}
