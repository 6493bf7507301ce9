import { type Dish, dishName, dishUnit, type LineChoice, priceLine } from "@tablemate/core";
import NumberKeyboard from "antd-mobile/es/components/number-keyboard";
import Popup from "antd-mobile/es/components/popup";
import { useState } from "react";
import { DISH_COPY } from "../../copy.js";
import { useIsMember } from "./dish-lookup.js";
import { deleteKey, typedCount, typeKey } from "./keypad-input.js";
import { Money } from "./Money.js";
import "./quantity-sheet.css";

export interface QuantitySheetProps {
  dish: Dish;
  choice: LineChoice;
  /** the count now (or the one a first add brings): shown and priced until the diner types another */
  current: string;
  visible: boolean;
  onConfirm(count: string): void;
  onClose(): void;
  afterClose(): void;
}

/**
 * The number keypad (spec 000 §5): typing a count at 4 or more, or a weighed dish's weight with
 * decimals. It shows what the line would cost at the typed quantity, as core prices it.
 */
export function QuantitySheet({
  dish,
  choice,
  current,
  visible,
  onConfirm,
  onClose,
  afterClose,
}: QuantitySheetProps) {
  const [typed, setTyped] = useState("");
  const isMember = useIsMember();
  const count = typedCount(typed) ?? current;
  const price = priceLine(dish, choice, count, isMember).total;

  // confirming without typing takes the count shown
  const confirm = () => onConfirm(typedCount(typed) ?? current);

  return (
    <Popup
      visible={visible}
      onClose={onClose}
      afterClose={afterClose}
      onMaskClick={onClose}
      bodyClassName="quantity-sheet"
      showCloseButton
    >
      <div data-testid="quantity-sheet">
        <div className="quantity-sheet__head">
          <h3 className="quantity-sheet__name">{dishName(dish)}</h3>
          <p className="quantity-sheet__hint">{dish.Weigh ? DISH_COPY.enterWeight : DISH_COPY.enterCount}</p>
        </div>
        <div className="quantity-sheet__value">
          <span
            className={typed === "" ? "quantity-sheet__typed is-placeholder" : "quantity-sheet__typed"}
            data-testid="quantity-typed"
          >
            {typed === "" ? current : typed}
          </span>
          <span className="quantity-sheet__unit">{dishUnit(dish)}</span>
          <Money value={price} className="quantity-sheet__price" testId="quantity-price" />
        </div>
        <NumberKeyboard
          visible={visible}
          getContainer={null}
          className="quantity-sheet__keyboard"
          showCloseButton={false}
          confirmText={DISH_COPY.confirm}
          customKey={dish.Weigh ? "." : undefined}
          safeArea={false}
          onInput={(key) => setTyped((value) => typeKey(value, key, dish.Weigh))}
          onDelete={() => setTyped(deleteKey)}
          onConfirm={confirm}
          onClose={onClose}
        />
      </div>
    </Popup>
  );
}
