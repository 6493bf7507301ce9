// antd-mobile is imported per component (antd-mobile/es/components/…) to keep the first screen small;
// its global styles and theme variables come from here once.
import "antd-mobile/es/global";
import { TIMING } from "@tablemate/core";
import type { ReactElement } from "react";
import { createRoot, type Root } from "react-dom/client";

const roots = new WeakMap<Element | DocumentFragment, Root>();

/**
 * antd-mobile's imperative APIs (Toast, Dialog.alert) render with ReactDOM.render, which React 19
 * removed; this gives them createRoot, as antd-mobile's React 19 guide describes.
 */
function renderWithCreateRoot(node: ReactElement, container: Element | DocumentFragment) {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(node);
  return async () => {
    // unmounting synchronously inside a render would warn; wait for the current one to finish
    await Promise.resolve();
    root.unmount();
    roots.delete(container);
  };
}

type Toast = typeof import("antd-mobile/es/components/toast").default;
type Dialog = typeof import("antd-mobile/es/components/dialog").default;

let imperative: Promise<{ Toast: Toast; Dialog: Dialog }> | null = null;

/**
 * antd-mobile's Toast and Dialog ready for their imperative calls: the renderer above set, and
 * Toast's defaults (spec 001 §2, §9: 2.5 s at the bottom). Loaded on the first call, not with the
 * first screen (with their animation library they weigh more than the menu's own code).
 */
export function imperativeAntd(): Promise<{ Toast: Toast; Dialog: Dialog }> {
  imperative ??= Promise.all([
    import("antd-mobile/es/utils/unstable-render"),
    import("antd-mobile/es/components/toast"),
    import("antd-mobile/es/components/dialog"),
  ]).then(([{ unstableSetRender }, { default: Toast }, { default: Dialog }]) => {
    unstableSetRender(renderWithCreateRoot);
    Toast.config({ duration: TIMING.toastMs, position: "bottom" });
    return { Toast, Dialog };
  });
  return imperative;
}
