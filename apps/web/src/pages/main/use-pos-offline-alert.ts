import { TIMING } from "@tablemate/core";
import { useEffect } from "react";
import { imperativeAntd } from "../../antd-setup.js";
import { COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";

/** Spec 000 §4, §9: the alert waits 1 s after entry loading ends. */
export const POS_OFFLINE_ALERT_DELAY_MS = TIMING.posOfflineAlertDelayMs;

/** The register is checked once per start, so the diner is told once per page load, not per visit. */
let alerted = false;

async function alertPosOffline(): Promise<void> {
  // the dialog's code loads only when it is needed: most diners never see it
  const { Dialog } = await imperativeAntd();
  await Dialog.alert({ content: COPY.posOffline, confirmText: COPY.gotIt });
}

/** Tells the diner the register is offline, so they ask a waiter instead of waiting for the order. */
export function usePosOfflineAlert(): void {
  const offline = useAppStore((state) => state.isInitial && !state.entryLoading && !state.isPosOnline);
  useEffect(() => {
    if (!offline || alerted) return;
    const timer = setTimeout(() => {
      alerted = true;
      alertPosOffline().catch((error: unknown) => console.error("POS offline alert failed", error));
    }, POS_OFFLINE_ALERT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [offline]);
}
