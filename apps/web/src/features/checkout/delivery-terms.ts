import { deliveryShort } from "@tablemate/core";
import Big from "big.js";
import { useAppStore } from "../../store/app-store.js";

/** A takeout's delivery terms on the order page (core's delivery.ts): its fee, and what the goods lack of the minimum. */
export interface DeliveryTermsShown {
  fee: Big;
  /** yuan the goods still lack of the minimum (起送价); 0 once reached */
  short: Big;
}

/** The terms for a takeout's goods (at regular prices, as the server judges the minimum); null for any other order. */
export function useDeliveryTerms(goods: Big, takeout: boolean): DeliveryTermsShown | null {
  const restaurant = useAppStore((state) => state.restaurant);
  if (!takeout || !restaurant) return null;
  return { fee: new Big(restaurant.deliveryFee), short: deliveryShort(goods, restaurant.startPrice) };
}
