import type { Dish } from "@tablemate/core";
import { useAppStore } from "../../store/app-store.js";

// One index per foods array: the store replaces the array whenever stock or the menu changes.
const indexes = new WeakMap<readonly Dish[], Map<number, Dish>>();

function indexOf(foods: readonly Dish[]): Map<number, Dish> {
  let index = indexes.get(foods);
  if (!index) {
    index = new Map(foods.map((dish) => [dish.dishesId, dish]));
    indexes.set(foods, index);
  }
  return index;
}

/** A lookup into one foods array: for memoised summaries that recompute when the menu changes. */
export function lookupIn(foods: readonly Dish[]): (foodId: number) => Dish | undefined {
  const index = indexOf(foods);
  return (foodId) => index.get(foodId);
}

/** A dish of the menu as the app store holds it now (with the latest stock). */
export function dishOf(foodId: number): Dish | undefined {
  return indexOf(useAppStore.getState().foods).get(foodId);
}

/** The same, as a hook that re-renders when the menu changes. */
export function useDish(foodId: number): Dish | undefined {
  return useAppStore((state) => indexOf(state.foods).get(foodId));
}

/** Whether the diner pays member prices; the member issue decides it in the app store. */
export function useIsMember(): boolean {
  return useAppStore((state) => state.isMember);
}
