import { type CartLine, choiceLabels, type Dish, dishName, priceLine } from "@tablemate/core";
import { COPY } from "../../copy.js";
import { LineStepper } from "./LineStepper.js";
import { Money } from "./Money.js";

/** One line of the expanded cart: the dish, what was chosen, the line's price and its stepper. */
export function CartLineRow({
  dish,
  line,
  memberPrices,
  onEditNote,
}: {
  dish: Dish;
  line: CartLine;
  memberPrices: boolean;
  /** absent for lines that take no note (combos) */
  onEditNote?: () => void;
}) {
  const labels = choiceLabels(dish, line);
  return (
    <li className="cart-line" data-testid="cart-line" data-detail-id={line.detailId}>
      <button type="button" className="cart-line__text" onClick={onEditNote} disabled={!onEditNote}>
        <span className="cart-line__name">{dishName(dish)}</span>
        {labels.length > 0 && (
          <span className="cart-line__choice" data-testid="cart-line-choice">
            {labels.join(COPY.listSeparator)}
          </span>
        )}
        {line.memo && (
          <span className="cart-line__memo" data-testid="cart-line-memo">
            {line.memo}
          </span>
        )}
      </button>
      <Money
        value={priceLine(dish, line, line.count, memberPrices).total}
        className="cart-line__price"
        testId="cart-line-price"
      />
      <LineStepper dish={dish} line={line} />
    </li>
  );
}
