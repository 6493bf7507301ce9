import { badgeText, type Dish, orderedCount } from "@tablemate/core";
import { DISH_COPY } from "../../copy.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { CountBadge } from "../cart/CountBadge.js";
import { useCartStore } from "../cart/cart-store.js";
import { closeDishModal } from "./modal-store.js";

/** The query parameter naming the dish of /foodCombo and /foodBatch. */
export const DISH_QUERY_KEY = "foodId";

/** 选择 with the dish's ordered count: combos go to /foodCombo, other complex dishes to /foodBatch. */
export function SelectButton({ dish, kind }: { dish: Dish; kind: "combo" | "batch" }) {
  const count = useCartStore((state) => orderedCount(state.lines, dish.dishesId));
  const navigate = useCarryingNavigate();
  const choose = () => {
    closeDishModal();
    navigate(kind === "combo" ? PATHS.foodCombo : PATHS.foodBatch, {
      query: { [DISH_QUERY_KEY]: String(dish.dishesId) },
    });
  };
  return (
    <CountBadge content={count > 0 ? badgeText(count) : null} className="dish-add__badge">
      <button type="button" className="dish-add__choose" onClick={choose}>
        {DISH_COPY.choose}
      </button>
    </CountBadge>
  );
}
