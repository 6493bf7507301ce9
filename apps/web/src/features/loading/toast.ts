import { antdReady } from "../../antd-setup.js";

/** Shows a toast: 2.5 s, at the bottom (antd-setup.ts sets those defaults). */
export function showToast(content: string): void {
  antdReady
    .then(() => import("antd-mobile/es/components/toast"))
    .then(({ default: Toast }) => Toast.show({ content }))
    .catch((error: unknown) => console.error("toast failed", error));
}
