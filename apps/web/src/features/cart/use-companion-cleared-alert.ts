import { MSG } from "@tablemate/core";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { imperativeAntd } from "../../antd-setup.js";
import { SHARED_CART_COPY } from "../../copy.js";
import { PATHS } from "../../router/paths.js";
import { subscribeTableEvents } from "./table-events.js";

/** The pages where a tablemate emptying the cart interrupts the diner (spec 001 §4). */
const ALERT_PATHS: readonly string[] = [PATHS.main, PATHS.search, PATHS.subOrder];

/**
 * Tells everyone but the one who did it that a tablemate emptied the cart. Mounted once for the
 * whole app (the routes' shell), not per page: the kept-alive pages stay mounted side by side, and
 * each page's own listener would add its own alert.
 */
export function useCompanionClearedAlert(): void {
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;
  useEffect(
    () =>
      subscribeTableEvents((event) => {
        if (!("message" in event) || !event.fromTablemate) return;
        if (event.message.type !== MSG.cart || !event.message.clearCart) return;
        if (!ALERT_PATHS.some((alertPath) => path.current.endsWith(alertPath))) return;
        void imperativeAntd().then(({ Dialog }) =>
          Dialog.alert({ content: SHARED_CART_COPY.companionCleared, confirmText: SHARED_CART_COPY.gotIt }),
        );
      }),
    [],
  );
}
