import { useEffect } from "react";
import { updateCheckout, useCheckoutStore } from "../checkout/checkout-store.js";
import { ALLERGEN_COPY } from "./allergen-copy.js";
import { useAvoidStore } from "./avoid-store.js";
import { allergenNames } from "./food-words.js";

/**
 * At checkout, a diner who set what they avoid may tell the kitchen (on by default): the order carries
 * it, and every station's ticket of this visit prints 过敏: … in bold.
 */
export function TellKitchen() {
  const avoid = useAvoidStore((state) => state.avoid);
  const told = useCheckoutStore((state) => state.kitchenAllergens);
  useEffect(() => {
    updateCheckout({ kitchenAllergens: avoid });
  }, [avoid]);
  if (avoid.length === 0) return null;
  return (
    <label className="order-field tell-kitchen" data-testid="tell-kitchen">
      <input
        type="checkbox"
        checked={told.length > 0}
        onChange={(event) => updateCheckout({ kitchenAllergens: event.target.checked ? avoid : [] })}
      />
      <span>
        <strong>{ALLERGEN_COPY.tellKitchen(allergenNames(avoid))}</strong>
        <small>{ALLERGEN_COPY.tellKitchenHint}</small>
      </span>
    </label>
  );
}
