import type { CartLine } from "@tablemate/core";
import Popup from "antd-mobile/es/components/popup";
import { useState } from "react";
import { imperativeAntd } from "../../antd-setup.js";
import { DISH_COPY } from "../../copy.js";
import { FocusTrap } from "../dialog/FocusTrap.js";
import { CartLineRow } from "./CartLineRow.js";
import { CommentDialog } from "./CommentDialog.js";
import { useCartStore } from "./cart-store.js";
import type { DishLookup } from "./cart-transport.js";
import { withRefusalToast } from "./refusal.js";

export interface CartListSheetProps {
  lines: readonly CartLine[];
  lookup: DishLookup;
  /** the lines at member prices: the member price is what the member total takes (cart-total.ts) */
  memberPrices: boolean;
  visible: boolean;
  onClose(): void;
  afterClose(): void;
}

async function confirmClear(): Promise<void> {
  const { Dialog } = await imperativeAntd();
  const confirmed = await Dialog.confirm({
    content: DISH_COPY.clearCartConfirm,
    confirmText: DISH_COPY.confirm,
    cancelText: DISH_COPY.cancel,
    // above the cart bar, which sits above the list's mask
    style: { "--z-index": "1100" },
  });
  if (confirmed) await withRefusalToast(useCartStore.getState().clear());
}

/** The expanded cart above the bar: every line, and 清空购物车 behind a confirmation. */
export function CartListSheet({
  lines,
  lookup,
  memberPrices,
  visible,
  onClose,
  afterClose,
}: CartListSheetProps) {
  const [editing, setEditing] = useState<CartLine | null>(null);
  const saveNote = async (note: string) => {
    if (!editing) return;
    if (await withRefusalToast(useCartStore.getState().note(editing.detailId, note))) setEditing(null);
  };
  return (
    <Popup
      visible={visible}
      onClose={onClose}
      onMaskClick={onClose}
      afterClose={afterClose}
      className="cart-sheet"
      bodyClassName="cart-sheet__body"
    >
      <FocusTrap active={visible} onClose={onClose}>
        <div className="cart-sheet__head">
          <span className="cart-sheet__title">{DISH_COPY.cartTitle}</span>
          <button type="button" className="cart-sheet__clear" onClick={() => void confirmClear()}>
            {DISH_COPY.clearCart}
          </button>
        </div>
        <ul className="cart-sheet__lines" data-testid="cart-lines">
          {lines.map((line) => {
            const dish = lookup(line.foodId);
            // a dish gone from the menu is neither shown nor counted (core summarizeCart skips it too)
            return dish ? (
              <CartLineRow
                key={line.detailId}
                dish={dish}
                line={line}
                memberPrices={memberPrices}
                // combos take no note from the cart (spec 000 §5)
                onEditNote={dish.foodproperty === 0 ? () => setEditing(line) : undefined}
              />
            ) : null;
          })}
        </ul>
        {editing && (
          <CommentDialog
            visible
            initial={editing.memo}
            onSave={(note) => void saveNote(note)}
            onClose={() => setEditing(null)}
          />
        )}
      </FocusTrap>
    </Popup>
  );
}
