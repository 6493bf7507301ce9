import { DishChoiceScreen } from "../../features/dish/DishChoiceScreen.js";
import { useRouteDish } from "../../features/dish/use-route-dish.js";

/** /foodCombo: a set menu (foodproperty 1) or a choose-within-groups combo (3). */
export function FoodComboPage() {
  const dish = useRouteDish("combo");
  return dish ? <DishChoiceScreen dish={dish} /> : null;
}
