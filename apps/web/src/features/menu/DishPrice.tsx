import { YUAN } from "@tablemate/client";
import type { PriceDisplay } from "@tablemate/core";
import { COPY } from "../../copy.js";

/** ¥12.5起/斤, or 时价/斤: price, starting-price mark and unit as spec 000 §3, §5 print them. */
export function DishPrice({ price, unit }: { price: PriceDisplay; unit: string }) {
  return (
    <div className="dish-price">
      {price.kind === "market" ? (
        <span className="dish-price__market">{COPY.marketPrice}</span>
      ) : (
        <>
          <span className="dish-price__yuan">{YUAN}</span>
          <span className="dish-price__amount">{price.amount}</span>
          {price.startingFrom && <span className="dish-price__from">{COPY.startingPrice}</span>}
        </>
      )}
      {unit && <span className="dish-price__unit">{unit}</span>}
    </div>
  );
}
