import { type Dish, isMustOrder, mustOrderRule } from "@tablemate/core";
import { useMemo } from "react";
import { useAppStore } from "../../store/app-store.js";
import { MUST_ORDER_COPY } from "./must-order-copy.js";
import "./must-order-words.css";

/**
 * A must-order dish as the count pickers word it, from the rule the cart follows (core's
 * mustOrderRule): so what a picker says a count brings is what lands in the cart (issue 25: 米饭
 * 每桌2碗, not 按人数).
 */
export function mustOrderWords(dish: Dish): string {
  const rule = mustOrderRule(dish);
  const words =
    rule.per === "diner"
      ? MUST_ORDER_COPY.perDiner(dish.name, rule.each, dish.unit)
      : MUST_ORDER_COPY.perTable(dish.name, rule.each, dish.unit);
  return rule.atLeast === null ? words : words + MUST_ORDER_COPY.atLeast(rule.atLeast, dish.unit);
}

/** Beside a count picker: the menu's must-order dishes and what a count brings of each; nothing without any. */
export function MustOrderWords() {
  const foods = useAppStore((state) => state.foods);
  const words = useMemo(() => foods.filter(isMustOrder).map(mustOrderWords), [foods]);
  if (words.length === 0) return null;
  return (
    <section className="must-order-words" data-testid="must-order-words">
      <p className="must-order-words__title">{MUST_ORDER_COPY.title}</p>
      <ul className="must-order-words__list">
        {words.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
