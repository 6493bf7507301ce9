import { badgeText, type Dish, orderedCount } from "@tablemate/core";
import { passesAddThrottle } from "../cart/add-throttle.js";
import { CountBadge } from "../cart/CountBadge.js";
import { useCartStore } from "../cart/cart-store.js";
import { RoundStepper } from "../cart/RoundStepper.js";
import { openDishModal } from "./modal-store.js";

/**
 * + of a dish with options: it opens the add-ons or the property/spec modal, since the line depends
 * on what is chosen there. The bubble counts the dish across all its lines.
 */
export function OptionsButton({ dish, kind }: { dish: Dish; kind: "additions" | "spec" }) {
  const count = useCartStore((state) => orderedCount(state.lines, dish.dishesId));
  const open = () => {
    if (passesAddThrottle()) openDishModal(dish, kind);
  };
  return (
    <CountBadge content={count > 0 ? badgeText(count) : null} className="dish-add__badge">
      <RoundStepper count={null} onMinus={open} onPlus={open} />
    </CountBadge>
  );
}
