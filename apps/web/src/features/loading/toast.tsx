import { TIMING } from "@tablemate/core";
import { useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { Spinner } from "./Spinner.js";
import "./toast.css";

/**
 * Toasts of our own rather than antd-mobile's: they must work when the network does not (the
 * reconnecting and local-mode toasts of 000 §4 come exactly then), so their code is in the first
 * screen, and it is a few lines rather than antd's Toast with its animation library.
 */
interface Shown {
  content: string;
  /** a loading toast stays, over a mask that takes the taps, until clearToasts */
  loading: boolean;
  /** a new toast with the same words is still a new toast */
  key: number;
}

let shown: Shown | null = null;
let shownCount = 0;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function show(next: Shown | null): void {
  clearTimeout(hideTimer);
  shown = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function Toaster() {
  const toast = useSyncExternalStore(subscribe, () => shown);
  if (!toast) return null;
  return (
    <div className={toast.loading ? "toast-layer toast-layer--mask" : "toast-layer"}>
      <div
        key={toast.key}
        className={toast.loading ? "toast toast--loading" : "toast"}
        data-position={toast.loading ? "center" : "bottom"}
        role="status"
        aria-live="polite"
      >
        {toast.loading && <Spinner size={28} />}
        {toast.content}
      </div>
    </div>
  );
}

let mounted = false;

/** The toaster lives in its own root, so any page (or none) can raise a toast. */
function mountToaster(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement("div");
  document.body.append(host);
  createRoot(host).render(<Toaster />);
}

/** set by showToastFirst until the task that raised it ends */
let held = false;

/**
 * Shows a toast at the bottom for 2.5 s (spec 001 §2, §9), replacing any toast on screen, unless one
 * raised with showToastFirst in this same task is held.
 */
export function showToast(content: string): void {
  if (held) return;
  mountToaster();
  show({ content, loading: false, key: ++shownCount });
  hideTimer = setTimeout(() => show(null), TIMING.toastMs);
}

/**
 * A toast that what the same task says next neither replaces nor clears: 系统错误 on a 500 (001 §8)
 * stays when the failed call's caller then toasts its own failure or clears its loading toast.
 */
export function showToastFirst(content: string): void {
  showToast(content);
  held = true;
  setTimeout(() => {
    held = false;
  }, 0);
}

/** A loading toast that stays, over a mask, until clearToasts. */
export function showLoadingToast(content: string): void {
  mountToaster();
  show({ content, loading: true, key: ++shownCount });
}

export function clearToasts(): void {
  if (held) return;
  show(null);
}
