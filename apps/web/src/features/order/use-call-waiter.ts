import { TIMING } from "@tablemate/core";
import { useCallback, useEffect, useState } from "react";
import { callWaiter } from "../../api/waiter.js";
import { CHECKOUT_COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";
import { subscribeTableEvents } from "../cart/table-events.js";
import { showToast } from "../loading/toast.js";

/** When the last call went through: the cooldown outlives a page change (spec 000 §4, §9). */
let lastCallAt = 0;

export function resetCallWaiterCooldown(): void {
  lastCallAt = 0;
}

const remaining = () => Math.max(0, lastCallAt + TIMING.callWaiterCooldownMs - Date.now());

/** The bells on screen: a waiter's acknowledgement (socket type 40) releases them before the cooldown ends. */
const releases = new Set<() => void>();
subscribeTableEvents((event) => {
  if (!("answered" in event)) return;
  lastCallAt = 0;
  for (const release of releases) release();
  // its words load with the first acknowledgement, not with the menu
  void import("./waiter-answered.js").then((m) => m.toastAnswered());
});

/**
 * The top bar's bell: calls the waiter (pay-later) or notifies the staff (prepayment); after a
 * success it rests for 60 seconds.
 */
export function useCallWaiter(): { onClick(): void; disabled: boolean } {
  const [cooling, setCooling] = useState(() => remaining() > 0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const release = () => setCooling(false);
    releases.add(release);
    return () => {
      releases.delete(release);
    };
  }, []);

  useEffect(() => {
    if (!cooling) return;
    const timer = setTimeout(() => setCooling(false), remaining());
    return () => clearTimeout(timer);
  }, [cooling]);

  const onClick = useCallback(() => {
    const { hotelid, table, isPrepayment } = useAppStore.getState();
    if (hotelid === null || !table || busy || remaining() > 0) return;
    setBusy(true);
    callWaiter(hotelid, table.tableId, isPrepayment)
      .then((message) => {
        lastCallAt = Date.now();
        setCooling(true);
        showToast(message || CHECKOUT_COPY.called);
      })
      .catch(() => showToast(CHECKOUT_COPY.callFailed))
      .finally(() => setBusy(false));
  }, [busy]);

  return { onClick, disabled: busy || cooling };
}
