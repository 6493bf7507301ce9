import { addKind, type Dish, isAddable, saleStatus } from "@tablemate/core";
import { useAppStore } from "../../store/app-store.js";
import { OptionsButton } from "./OptionsButton.js";
import { PlainDishControl } from "./PlainDishControl.js";
import { SelectButton } from "./SelectButton.js";
import "./dish-add.css";

/**
 * The add control on a dish card (spec 000 §2, §5): nothing for a dish that is sold out or out of
 * its sale hours; 选择 for combos and complex dishes; + opening the add-ons or property/spec modal
 * for dishes with options; + / count / − for a single dish.
 */
export function DishAddControl({ dish }: { dish: Dish }) {
  const period = useAppStore((state) => state.periodDishes[dish.dishesId]);
  // the food list's own codes (availableStatus, salablePeriodType) stand in until the period info has loaded
  if (!isAddable(dish, period ?? { availableStatus: saleStatus(dish) })) return null;
  const kind = addKind(dish);
  if (kind === "combo" || kind === "batch") return <SelectButton dish={dish} kind={kind} />;
  if (kind === "plain") return <PlainDishControl dish={dish} />;
  return <OptionsButton dish={dish} kind={kind} />;
}
