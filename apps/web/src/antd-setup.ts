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

/**
 * The renderer above and Toast's defaults (spec 001 §2, §9: 2.5 s at the bottom). Their code loads
 * right after the first screen's rather than in it (antd-mobile's default renderer and Toast weigh
 * more than the menu), so it is done long before any tap can raise a toast or a dialog.
 */
export const antdReady: Promise<void> = Promise.all([
  import("antd-mobile/es/utils/unstable-render"),
  import("antd-mobile/es/components/toast"),
]).then(([{ unstableSetRender }, { default: Toast }]) => {
  unstableSetRender(renderWithCreateRoot);
  Toast.config({ duration: TIMING.toastMs, position: "bottom" });
});
