import { DishChoiceScreen } from "../../features/dish/DishChoiceScreen.js";
import { useRouteDish } from "../../features/dish/use-route-dish.js";

/** /foodBatch: a complex dish whose options make one line (any foodproperty other than 0, 1, 3). */
export function FoodBatchPage() {
  const dish = useRouteDish("batch");
  return dish ? <DishChoiceScreen dish={dish} /> : null;
}
