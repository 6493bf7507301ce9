import type { Dish } from "@tablemate/core";
import { useMemo } from "react";
import { useLocale } from "../../i18n/use-locale.js";
import { useAppStore } from "../../store/app-store.js";
import { type DishView, describeDish } from "./dish-view.js";

/** A card's view of its dish, with the period info and member flag of the store. */
export function useDishView(dish: Dish): DishView {
  const info = useAppStore((state) => state.periodDishes[dish.dishesId]);
  const isMember = useAppStore((state) => state.isMember);
  const locale = useLocale();
  // biome-ignore lint/correctness/useExhaustiveDependencies: its words (DISH_TEXT_COPY) are rewritten in place when the language changes, so it is described again then
  return useMemo(() => describeDish(dish, info, isMember), [dish, info, isMember, locale]);
}
