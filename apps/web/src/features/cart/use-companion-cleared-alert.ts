import { MSG } from "@tablemate/core";
import { useEffect } from "react";
import { imperativeAntd } from "../../antd-setup.js";
import { SHARED_CART_COPY } from "../../copy.js";
import { PATHS } from "../../router/paths.js";
import { subscribeTableEvents } from "./table-events.js";

/** The pages where a tablemate emptying the cart interrupts the diner (spec 001 §4). */
const ALERT_PATHS: readonly string[] = [PATHS.main, PATHS.search, PATHS.subOrder];

/** Tells everyone but the one who did it that a tablemate emptied the cart. */
export function useCompanionClearedAlert(currentPath: () => string): void {
  useEffect(
    () =>
      subscribeTableEvents((event) => {
        if (!("message" in event) || !event.fromTablemate) return;
        if (event.message.type !== MSG.cart || !event.message.clearCart) return;
        if (!ALERT_PATHS.some((path) => currentPath().endsWith(path))) return;
        void imperativeAntd().then(({ Dialog }) =>
          Dialog.alert({ content: SHARED_CART_COPY.companionCleared, confirmText: SHARED_CART_COPY.gotIt }),
        );
      }),
    [currentPath],
  );
}
