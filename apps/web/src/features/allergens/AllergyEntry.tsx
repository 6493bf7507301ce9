import { lazy, Suspense, useState } from "react";
import { ALLERGEN_COPY } from "./allergen-copy.js";

const AllergySheet = lazy(async () => ({ default: (await import("./AllergySheet.js")).AllergySheet }));

/** 设置我的忌口: opens the diner's allergy sheet (from the dish detail and the checkout). */
export function AllergyEntry() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="allergy-entry"
        onClick={() => setOpen(true)}
        data-testid="allergy-entry"
      >
        {ALLERGEN_COPY.setAvoid}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AllergySheet onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
