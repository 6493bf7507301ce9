import { imperativeAntd } from "../../antd-setup.js";

/** Toasts queue behind antd's loading, in the order they were asked for. */
function withToast(use: (toast: Awaited<ReturnType<typeof imperativeAntd>>["Toast"]) => void): void {
  imperativeAntd()
    .then(({ Toast }) => use(Toast))
    .catch((error: unknown) => console.error("toast failed", error));
}

/** Shows a toast: 2.5 s, at the bottom (antd-setup.ts sets those defaults). */
export function showToast(content: string): void {
  withToast((Toast) => Toast.show({ content }));
}

/** A loading toast that stays, over a mask, until clearToasts. */
export function showLoadingToast(content: string): void {
  withToast((Toast) => Toast.show({ icon: "loading", content, duration: 0, maskClickable: false }));
}

export function clearToasts(): void {
  withToast((Toast) => Toast.clear());
}
