import type { MemberCard, Voucher } from "@tablemate/core";
import { useCallback } from "react";
import { fetchCoupons } from "../../api/member.js";
import { MEMBER_COPY } from "../../features/member/member-copy.js";
import { couponFace, minSpendText, voucherValidityText } from "../../features/member/member-format.js";
import { MEMBER_PAGES } from "../../features/member/member-pages.js";
import { useMemberStore } from "../../features/member/member-store.js";
import { useLoaded } from "../../features/pay/use-loaded.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { CardPage, LoadFailed } from "./member-page-parts.js";

/** One voucher: its face, name, minimum spend and validity; greyed with its state when no longer usable. */
function VoucherRow({ voucher, invalid }: { voucher: Voucher; invalid: boolean }) {
  return (
    <li className={invalid ? "voucher voucher--invalid" : "voucher"} data-testid="voucher">
      <span className="voucher__face">{couponFace(voucher)}</span>
      <span className="voucher__text">
        <span className="voucher__name">{voucher.voucherName}</span>
        {voucher.dishName && <span className="voucher__rule">{MEMBER_COPY.goodsFor(voucher.dishName)}</span>}
        <span className="voucher__rule">{minSpendText(voucher.minFee)}</span>
        <span className="voucher__rule">{voucherValidityText(voucher)}</span>
      </span>
      {invalid && <span className="voucher__state">{MEMBER_COPY.couponState[voucher.state] ?? ""}</span>}
    </li>
  );
}

function VoucherList({ card, type }: { card: MemberCard; type: 1 | 2 }) {
  const navigate = useCarryingNavigate();
  const { rid, paths } = useMemberStore();
  const load = useCallback(
    () =>
      rid !== null && paths !== null
        ? fetchCoupons(paths, rid, { type, memberCardId: card.id, memberId: card.memberId })
        : Promise.reject(new Error("member state not ready")),
    [rid, paths, type, card.id, card.memberId],
  );
  const { state, reload } = useLoaded(load);
  if (state.kind === "failed") return <LoadFailed message={state.message} retry={reload} />;
  if (state.kind === "loading") return null;
  const invalid = type === 2;
  return (
    <>
      {state.value.list.length === 0 ? (
        <p className="member-empty" data-testid="vouchers-empty">
          {invalid ? MEMBER_COPY.noInvalidCoupons : MEMBER_COPY.noCoupons}
        </p>
      ) : (
        <ul className="vouchers" data-testid="vouchers">
          {state.value.list.map((voucher) => (
            <VoucherRow key={voucher.id} voucher={voucher} invalid={invalid} />
          ))}
        </ul>
      )}
      {!invalid && (
        <button
          type="button"
          className="member-more-link"
          onClick={() => navigate(MEMBER_PAGES.invalidCoupons)}
        >
          {MEMBER_COPY.viewInvalid}
        </button>
      )}
    </>
  );
}

/** /member/coupons: the coupons usable now (type 1, 001 §7). */
export function MemberCouponsPage() {
  return (
    <CardPage title={MEMBER_COPY.couponsTitle} testId="member-coupons-page">
      {(card) => <VoucherList key={card.id} card={card} type={1} />}
    </CardPage>
  );
}

/** /member/invaildCoupons (the spec's spelling): used and expired coupons (type 2), greyed. */
export function MemberInvalidCouponsPage() {
  return (
    <CardPage title={MEMBER_COPY.invalidCouponsTitle} testId="member-invalid-coupons-page">
      {(card) => <VoucherList key={card.id} card={card} type={2} />}
    </CardPage>
  );
}
