import { lazy, Suspense } from "react";
import type { QuantitySheetProps } from "./QuantitySheet.js";

// The keypad brings antd-mobile's Popup and its animation library: loaded on the first use, so
// the dish cards of the first screen do not carry it.
const QuantitySheet = lazy(() => import("./QuantitySheet.js").then((m) => ({ default: m.QuantitySheet })));

/** The number keypad sheet, loaded when first opened. */
export function QuantityKeypad(props: QuantitySheetProps) {
  return (
    <Suspense fallback={null}>
      <QuantitySheet {...props} />
    </Suspense>
  );
}
