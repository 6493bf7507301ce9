import type { OpenCardCoupon } from "@tablemate/core";
import { useEffect, useId, useRef } from "react";
import { MEMBER_COPY } from "./member-copy.js";
import { couponFace, minSpendText, openCardValidityText } from "./member-format.js";

/**
 * The new-member coupon dialog (spec 000 §2, §4): the coupons a new member is given, with 立即开通
 * (to the member centre) and 关闭. A native modal <dialog>: it keeps focus inside, closes on Escape and
 * on the mask, gives focus back when it goes, and weighs a few hundred bytes (issue 28's budget).
 */
export function NewMemberDialog({
  coupons,
  onClose,
  onJoin,
}: {
  coupons: OpenCardCoupon[];
  onClose(): void;
  onJoin(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the mask is not a control; Escape closes by keyboard
    <dialog
      ref={ref}
      className="new-member-dialog"
      aria-labelledby={titleId}
      data-testid="new-member-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // a tap on the mask lands on the dialog itself, outside its box (a keyboard has Escape: onCancel)
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="new-member">
        <h2 id={titleId} className="new-member__title">
          {MEMBER_COPY.newMemberTitle}
        </h2>
        <p className="new-member__hint">{MEMBER_COPY.newMemberHint}</p>
        <ul className="new-member__list">
          {coupons.map((coupon) => (
            <li key={coupon.id} className="new-member__coupon">
              <span className="new-member__face">{couponFace(coupon)}</span>
              <span className="new-member__text">
                <span className="new-member__name">
                  {coupon.name}
                  {coupon.num > 1 && ` ${MEMBER_COPY.couponCount(coupon.num)}`}
                </span>
                <span className="new-member__rule">
                  {minSpendText(coupon.money)} · {openCardValidityText(coupon)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="new-member__actions">
        <button type="button" className="new-member__action" onClick={onClose}>
          {MEMBER_COPY.close}
        </button>
        <button type="button" className="new-member__action new-member__action--main" onClick={onJoin}>
          {MEMBER_COPY.newMemberAction}
        </button>
      </div>
    </dialog>
  );
}
