import { onSlowNetwork } from "@tablemate/client";
import { TIMING } from "@tablemate/core";
import { useEffect } from "react";
import { COPY } from "../../copy.js";
import { showToast } from "./toast.js";

/**
 * 您的网络不稳定请稍后再试 once a call has been pending for 1 s (spec 000 §8). Calls that start
 * together and stall together give one toast, not one each.
 */
export function useSlowNetworkToast(): void {
  useEffect(() => {
    let shownAt = Number.NEGATIVE_INFINITY;
    return onSlowNetwork(() => {
      const now = Date.now();
      if (now - shownAt < TIMING.toastMs) return;
      shownAt = now;
      showToast(COPY.unstableNetwork);
    });
  }, []);
}
