import { Toast, unstableSetRender } from "antd-mobile";
import { createRoot, type Root } from "react-dom/client";

/**
 * antd-mobile's imperative APIs (Toast, Dialog.alert) render with ReactDOM.render, which React 19
 * removed; this gives them createRoot, as antd-mobile's React 19 guide describes.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(node);
  return async () => {
    // unmounting synchronously inside a render would warn; wait for the current one to finish
    await Promise.resolve();
    root.unmount();
    roots.delete(container);
  };
});

/** Spec 001 §2, §9: toasts last 2.5 s at the bottom. */
Toast.config({ duration: 2_500, position: "bottom" });
