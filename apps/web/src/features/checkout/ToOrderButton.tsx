import {
  type Decimalish,
  localClock,
  type ToOrderState,
  toOrderDestination,
  toOrderEnabled,
  toOrderState,
  truncateMoney,
} from "@tablemate/core";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { CHECKOUT_COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";
import { useOrderNavigation } from "./order-navigation.js";

const MINUTE = 60_000;

/** The wall time, moved on every minute, so 已打烊 appears and goes without a reload. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function labelOf(state: ToOrderState): string {
  switch (state.kind) {
    case "closed":
      return CHECKOUT_COPY.closed;
    case "short":
      return CHECKOUT_COPY.short(truncateMoney(state.short));
    case "chosen":
      return CHECKOUT_COPY.chosen;
    case "order":
      return CHECKOUT_COPY.toOrder;
  }
}

/** The cart bar's to-order button (spec 000 §4): its words, whether it works, where it leads. */
export function ToOrderButton({ goods, empty }: { goods: Decimalish; empty: boolean }) {
  const restaurant = useAppStore((state) => state.restaurant);
  const isPrepayment = useAppStore((state) => state.isPrepayment);
  const { search } = useLocation();
  const nav = useOrderNavigation();
  const now = useNow();
  const query = Object.fromEntries(new URLSearchParams(search));
  const state: ToOrderState = restaurant
    ? toOrderState({
        restaurant,
        query,
        total: goods,
        clock: localClock(now, restaurant.timezone),
        isPrepayment,
      })
    : { kind: "order" };

  const go = () => {
    if (!restaurant) return;
    if (toOrderDestination(restaurant, query) === "supplyInfo") nav.toSupplyInfo();
    else nav.toSubOrder();
  };

  return (
    // a plain button: antd's (with its loading spinner) would weigh on the menu's first screen
    <button
      type="button"
      className="cart-bar__order"
      disabled={!restaurant || !toOrderEnabled(state, empty)}
      onClick={go}
    >
      {labelOf(state)}
    </button>
  );
}
