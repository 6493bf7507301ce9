import type { Allergen, OrderTable, SupplyInfo } from "@tablemate/core";
import { create } from "zustand";

/**
 * What the diner writes for this order besides the cart: the whole-order memo, diners, invoice
 * title and the reservation/takeout form. Kept in memory for the visit; emptied once an order is in.
 */
export interface CheckoutState {
  wholeMemo: string;
  /** 整单打包: the whole order packed to take away (offered from register 2.27.00, docs/decisions.md) */
  packAll: boolean;
  /** null: not chosen here, the table's count applies */
  personNum: number | null;
  invoiceTitle: string;
  supply: SupplyInfo | null;
  /** the quick-service table picker's choice: the order goes on it */
  pickedTable: OrderTable | null;
  /**
   * The submit id of an attempt that got no answer, and the cart it was for: a retry of the same cart
   * sends it again, so an order the server placed meanwhile is answered instead of placed twice
   */
  unanswered: { cart: string; submitId: string } | null;
  /** when a new verification code may be asked for (ms since the epoch; 0: now) */
  codeResendAt: number;
  /** the allergies this diner tells the kitchen with the order (issue 29) */
  kitchenAllergens: Allergen[];
}

export const EMPTY_SUPPLY: SupplyInfo = {
  phone: "",
  code: "",
  name: "",
  sex: "1",
  num: 2,
  time: "",
  memo: "",
  address: "",
};

const initial = (): CheckoutState => ({
  wholeMemo: "",
  packAll: false,
  personNum: null,
  invoiceTitle: "",
  supply: null,
  pickedTable: null,
  unanswered: null,
  codeResendAt: 0,
  kitchenAllergens: [],
});

export const useCheckoutStore = create<CheckoutState>()(initial);

export function updateCheckout(patch: Partial<CheckoutState>): void {
  useCheckoutStore.setState(patch);
}

export function resetCheckout(): void {
  useCheckoutStore.setState(initial());
}
