import { type CartLine, choiceLabels, dishName, priceLine } from "@tablemate/core";
import { COPY } from "../../copy.js";
import type { DishLookup } from "../cart/cart-transport.js";
import { Money } from "../cart/Money.js";
import { ORDER_COPY } from "../order/order-copy.js";

/** The cart's lines as the order will hold them: name, choices, note, count and line price. */
export function SubOrderLines({
  lines,
  lookup,
  memberPrices,
}: {
  lines: readonly CartLine[];
  lookup: DishLookup;
  /** the lines at member prices: the member price is what the member total takes (cart-total.ts) */
  memberPrices: boolean;
}) {
  return (
    <section className="order-card" data-testid="suborder-lines">
      <h2 className="order-card__title">{ORDER_COPY.dishes}</h2>
      {lines.map((line) => {
        const dish = lookup(line.foodId);
        if (!dish) return null;
        const choices = choiceLabels(dish, line).join(COPY.listSeparator);
        return (
          <div className="order-line" key={line.detailId} data-testid="suborder-line">
            <div className="order-line__main">
              <div className="order-line__name">{dishName(dish)}</div>
              {choices && <div className="order-line__choices">{choices}</div>}
              {line.memo && <div className="order-line__memo">{line.memo}</div>}
            </div>
            <span className="order-line__count">×{line.count}</span>
            <Money
              className="order-line__price"
              value={priceLine(dish, line, line.count, memberPrices).total}
            />
          </div>
        );
      })}
    </section>
  );
}
