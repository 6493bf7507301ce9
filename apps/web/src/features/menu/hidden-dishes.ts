import type { Dish } from "@tablemate/core";
import { useEffect, useMemo } from "react";
import { create } from "zustand";
import { useAppStore } from "../../store/app-store.js";

/**
 * The dishes this diner asked the menu to hide (issue 29: those no choice of which avoids what they
 * avoid), by dishesId. features/allergens/hide-dishes.ts fills it, and loads only once the diner hides:
 * the first screen holds no allergen rule, and with nothing hidden every dish shows.
 */
export const useHiddenDishes = create<{ ids: ReadonlySet<number> }>(() => ({ ids: new Set() }));

export function withoutHidden(foods: readonly Dish[], ids: ReadonlySet<number>): readonly Dish[] {
  return ids.size === 0 ? foods : foods.filter((dish) => !ids.has(dish.dishesId));
}

/** The menu's dishes as the diner sees them: the list, 老板推荐 and the search. */
export function useShownFoods(): readonly Dish[] {
  const foods = useAppStore((state) => state.foods);
  const ids = useHiddenDishes((state) => state.ids);
  return useMemo(() => withoutHidden(foods, ids), [foods, ids]);
}

/** The same, read once (module-view tracking). */
export const shownFoods = (): readonly Dish[] =>
  withoutHidden(useAppStore.getState().foods, useHiddenDishes.getState().ids);

/**
 * A diner who hid dishes on an earlier visit: index.html's script has put avoid-hide back on <html>
 * before the first paint, and the hiding starts as soon as the menu is on screen.
 */
export function useHidingOnReturn(): void {
  useEffect(() => {
    if (document.documentElement.classList.contains("avoid-hide"))
      void import("../allergens/hide-dishes.js").then(({ hideDishes }) => hideDishes());
  }, []);
}
