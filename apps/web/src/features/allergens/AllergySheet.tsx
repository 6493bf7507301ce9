import { ALLERGENS, type Allergen } from "@tablemate/core";
import Popup from "antd-mobile/es/components/popup";
import { useEffect } from "react";
import { ALLERGEN_COPY } from "./allergen-copy.js";
import { saveAvoid, useAvoidStore } from "./avoid-store.js";
import { allergenNames } from "./food-words.js";
import { hideDishes } from "./hide-dishes.js";
import { shareWithTable } from "./table-allergens.js";
import "./allergens-sheet.css";

/**
 * The diner's own allergy settings (issue 29): what they avoid, whether the menu hides it, whether the
 * table is told. Saved on this phone at each tap; the table hears of it only when shared.
 */
export function AllergySheet({ onClose }: { onClose(): void }) {
  const { avoid, hide, share } = useAvoidStore();
  // from here on the menu's hidden dishes follow this sheet's choices
  useEffect(hideDishes, []);
  const toggle = (code: Allergen) => {
    const next = avoid.includes(code) ? avoid.filter((c) => c !== code) : [...avoid, code];
    saveAvoid({ avoid: next });
    if (share) void shareWithTable(next);
  };
  const setShare = (on: boolean) => {
    saveAvoid({ share: on });
    void shareWithTable(on ? avoid : []);
  };
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="allergy-sheet" destroyOnClose>
      <section aria-labelledby="allergy-sheet-title" data-testid="allergy-sheet">
        <h2 id="allergy-sheet-title" className="allergy-sheet__title">
          {ALLERGEN_COPY.sheetTitle}
        </h2>
        <p className="allergy-sheet__intro">{ALLERGEN_COPY.sheetIntro}</p>
        <fieldset className="allergy-sheet__codes">
          <legend>{ALLERGEN_COPY.allergensHeading}</legend>
          {ALLERGENS.map((code) => (
            <label key={code} className="allergy-sheet__code">
              <input type="checkbox" checked={avoid.includes(code)} onChange={() => toggle(code)} />
              <i className={`al al-${code}`} aria-hidden="true" />
              <span>{allergenNames([code])}</span>
            </label>
          ))}
        </fieldset>
        <label className="allergy-sheet__switch">
          <input type="checkbox" checked={hide} onChange={(e) => saveAvoid({ hide: e.target.checked })} />
          <span>
            {ALLERGEN_COPY.hide}
            <small>{ALLERGEN_COPY.hideHint}</small>
          </span>
        </label>
        <label className="allergy-sheet__switch">
          <input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} />
          <span>
            {ALLERGEN_COPY.share}
            <small>{ALLERGEN_COPY.shareHint}</small>
          </span>
        </label>
        <p className="allergy-sheet__note">{ALLERGEN_COPY.undeclaredNote}</p>
        <div className="allergy-sheet__actions">
          <button type="button" className="allergy-sheet__clear" onClick={() => saveAvoid({ avoid: [] })}>
            {ALLERGEN_COPY.clear}
          </button>
          <button type="button" className="allergy-sheet__done" onClick={onClose}>
            {ALLERGEN_COPY.done}
          </button>
        </div>
      </section>
    </Popup>
  );
}
