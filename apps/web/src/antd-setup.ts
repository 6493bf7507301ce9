// antd-mobile is imported per component (antd-mobile/es/components/…) to keep the first screen small;
// its global styles and theme variables come from here once.
import "antd-mobile/es/global";
import type { ReactElement } from "react";
import { createRoot, type Root } from "react-dom/client";

const roots = new Map<Element | DocumentFragment, Root>();

/**
 * antd-mobile's imperative APIs (Dialog.alert, Dialog.confirm) render with ReactDOM.render, which React 19
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
 * Every dialog still open unmounted at once, without its closing animation: for a test that ends
 * with a dialog open, whose animation would otherwise run after its document has gone.
 */
export function unmountImperativeRoots(): void {
  for (const root of roots.values()) root.unmount();
  roots.clear();
}

type Dialog = typeof import("antd-mobile/es/components/dialog").default;

let imperative: Promise<{ Dialog: Dialog }> | null = null;

/**
 * antd-mobile's Dialog ready for its imperative calls (the renderer above set). Loaded on the first
 * call, not with the first screen (with its animation library it weighs more than the menu's code).
 */
export function imperativeAntd(): Promise<{ Dialog: Dialog }> {
  imperative ??= Promise.all([
    import("antd-mobile/es/utils/unstable-render"),
    import("antd-mobile/es/components/dialog"),
  ]).then(([{ unstableSetRender }, { default: Dialog }]) => {
    unstableSetRender(renderWithCreateRoot);
    return { Dialog };
  });
  return imperative;
}
