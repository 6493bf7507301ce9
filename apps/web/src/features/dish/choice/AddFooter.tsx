import Button from "antd-mobile/es/components/button";
import type Big from "big.js";
import { DISH_COPY } from "../../../copy.js";
import { Money } from "../../cart/Money.js";

export interface AddFooterProps {
  price: Big;
  /** why the add waits (请选择主菜), or nothing when it can go */
  hint: string | null;
  onAdd(): void;
}

/** The live price of the choice and 加入购物车, enabled once everything needed is chosen. */
export function AddFooter({ price, hint, onAdd }: AddFooterProps) {
  return (
    <div className="add-footer">
      <div className="add-footer__price">
        <Money value={price} testId="line-price" />
        {hint && <span className="add-footer__hint">{hint}</span>}
      </div>
      <Button
        color="primary"
        shape="rounded"
        className="add-footer__button"
        disabled={hint !== null}
        onClick={onAdd}
      >
        {DISH_COPY.addToCart}
      </Button>
    </div>
  );
}
