import { lazy, Suspense, useState } from "react";
import { COPY, SHARED_CART_COPY } from "../../copy.js";
import "./diner-count.css";

// The picker brings antd-mobile's Popup: loaded on the first tap, so the first screen does not carry it.
const PeoplePicker = lazy(() => import("./PeoplePicker.js").then((m) => ({ default: m.PeoplePicker })));

/** The table's diner count in the top bar; a tap opens the picker that changes it for the table. */
export function DinerCount({ personNum }: { personNum: number }) {
  const [picker, setPicker] = useState<"unmounted" | "open" | "closed">("unmounted");
  return (
    <>
      <button
        type="button"
        className="diner-count"
        data-testid="diner-count"
        onClick={() => setPicker("open")}
      >
        {personNum > 0 ? COPY.dinerCount(personNum) : SHARED_CART_COPY.peopleTitle}
      </button>
      {picker !== "unmounted" && (
        <Suspense fallback={null}>
          <PeoplePicker visible={picker === "open"} current={personNum} onClose={() => setPicker("closed")} />
        </Suspense>
      )}
    </>
  );
}
