import { TIMING } from "@tablemate/core";
import { useEffect } from "react";
import { SHARED_CART_COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";
import { showToast } from "../loading/toast.js";

/** Says so when the table socket has failed twice, and when the cart falls back to this phone. */
export function useConnectionToast(): void {
  useEffect(
    () =>
      useAppStore.subscribe((state, previous) => {
        const { realtimeStatus: status, realtimeRetries: retries } = state;
        if (
          status === "reconnecting" &&
          retries === TIMING.socketReconnectToastAfter &&
          previous.realtimeRetries !== retries
        ) {
          showToast(SHARED_CART_COPY.reconnecting);
        }
        if (status === "local" && previous.realtimeStatus !== "local") showToast(SHARED_CART_COPY.localMode);
      }),
    [],
  );
}
