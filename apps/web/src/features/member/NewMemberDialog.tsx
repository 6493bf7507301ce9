import type { OpenCardCoupon } from "@tablemate/core";
import Dialog from "antd-mobile/es/components/dialog";
import { MEMBER_COPY } from "./member-copy.js";
import { couponFace, minSpendText, openCardValidityText } from "./member-format.js";

/**
 * The new-member coupon dialog (spec 000 §2, §4): the coupons a new member is given, with 立即开通
 * (to the member centre) and 关闭.
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
  return (
    <Dialog
      visible
      // on the body, not inside the banner (whose colours it would take)
      getContainer={() => document.body}
      title={MEMBER_COPY.newMemberTitle}
      onClose={onClose}
      closeOnMaskClick
      content={
        <div className="new-member" data-testid="new-member-dialog">
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
      }
      actions={[
        [
          { key: "close", text: MEMBER_COPY.close, onClick: onClose },
          { key: "join", text: MEMBER_COPY.newMemberAction, bold: true, onClick: onJoin },
        ],
      ]}
    />
  );
}
