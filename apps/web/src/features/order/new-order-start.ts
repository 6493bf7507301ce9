import { pickQuery } from "@tablemate/core";
import { useAppStore } from "../../store/app-store.js";
import { saveSearchObj } from "../../store/search-obj.js";
import { resetCheckout } from "../checkout/checkout-store.js";
import { NEW_ORDER_KEYS } from "../checkout/order-navigation.js";

/**
 * New order start (spec 001 §4), before going to the start page: the order being added to is
 * forgotten here and in the session-stored SearchObj (a reload would bring it back otherwise), and
 * what was written for it goes. The shared cart stays as the server broadcasts it: tablemates may
 * already be filling it for the next order. No card binding or first-paid state is kept yet.
 */
export function forgetUnfinishedOrder(): void {
  const kept = pickQuery(useAppStore.getState().SearchObj, NEW_ORDER_KEYS);
  saveSearchObj(kept);
  useAppStore.setState({ SearchObj: kept });
  resetCheckout();
}
