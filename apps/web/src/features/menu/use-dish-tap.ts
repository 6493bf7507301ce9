import { type Dish, TIMING } from "@tablemate/core";
import { type MouseEvent, useCallback, useRef } from "react";
import { openDishDetail } from "../dish/index.js";
import { showToast } from "../loading/toast.js";

/** The part of a card that handles its own taps (the add control). */
export const OWN_TAPS_SELECTOR = "[data-own-taps]";

/**
 * A card tap (spec 000 §2, §4, §5): opens the dish's detail, or outside its sale hours says so
 * (非可售时间…); taps within 505 ms of the last one are dropped, so a double tap opens one modal.
 */
export function useDishTap(dish: Dish, unsellable: string | null): (event: MouseEvent) => void {
  const lastTap = useRef(Number.NEGATIVE_INFINITY);
  return useCallback(
    (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest(OWN_TAPS_SELECTOR)) return;
      const now = Date.now();
      if (now - lastTap.current < TIMING.tapThrottleMs) return;
      lastTap.current = now;
      if (unsellable) showToast(unsellable);
      else openDishDetail(dish);
    },
    [dish, unsellable],
  );
}
