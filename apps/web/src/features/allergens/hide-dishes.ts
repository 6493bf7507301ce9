import { type Dish, dishAllergenVerdict } from "@tablemate/core";
import { useAppStore } from "../../store/app-store.js";
import { useHiddenDishes } from "../menu/hidden-dishes.js";
import { useAvoidStore } from "./avoid-store.js";

const NONE: ReadonlySet<number> = new Set();

/** The dishes a diner who asks to hide what they avoid no longer sees: core's conflicts. */
function hiddenIds(foods: readonly Dish[]): ReadonlySet<number> {
  const { avoid, hide } = useAvoidStore.getState();
  if (!hide || avoid.length === 0) return NONE;
  const hidden = foods.filter((dish) => dishAllergenVerdict(dish, avoid) === "conflict");
  return hidden.length === 0 ? NONE : new Set(hidden.map((dish) => dish.dishesId));
}

const same = (a: ReadonlySet<number>, b: ReadonlySet<number>) =>
  a.size === b.size && [...a].every((id) => b.has(id));

let started = false;

/**
 * From the first call on (the allergy sheet, or the menu of a diner who hid on an earlier visit), the
 * menu's hidden dishes follow what the diner avoids, whether they hide, and the menu itself (stock,
 * language). The set changes only when its dishes do, so the list is laid out again only then.
 */
export function hideDishes(): void {
  if (started) return;
  started = true;
  const update = () => {
    const ids = hiddenIds(useAppStore.getState().foods);
    if (!same(ids, useHiddenDishes.getState().ids)) useHiddenDishes.setState({ ids });
  };
  update();
  useAvoidStore.subscribe(update);
  useAppStore.subscribe((state, previous) => {
    if (state.foods !== previous.foods) update();
  });
}
