import { addKind, type Dish, parseId } from "@tablemate/core";
import { useEffect } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { useDish } from "../cart/dish-lookup.js";
import { DISH_QUERY_KEY } from "./SelectButton.js";

/**
 * The dish a /foodCombo or /foodBatch page is for. Without one of that kind (a resumed page has no
 * foodId, a store not started yet has no foods) the diner goes to the menu, which starts what is needed.
 */
export function useRouteDish(kind: "combo" | "batch"): Dish | undefined {
  const [params] = useSearchParams();
  const dish = useDish(parseId(params.get(DISH_QUERY_KEY)) ?? 0);
  const found = dish && addKind(dish) === kind ? dish : undefined;
  const navigate = useCarryingNavigate();
  useEffect(() => {
    if (!found) navigate(PATHS.main, { replace: true });
  }, [found, navigate]);
  return found;
}

/** Back to where the diner came from (the menu or search); to the menu when this page was the first. */
export function useLeavePage(): () => void {
  const navigate = useNavigate();
  const carry = useCarryingNavigate();
  const { key } = useLocation();
  return () => {
    if (key === "default") carry(PATHS.main, { replace: true });
    else void navigate(-1);
  };
}
