import { formatMoney } from "@tablemate/client";
import {
  type AvailableCoupons,
  centsToMoneyText,
  type MemberDiscounts,
  type MemberUse,
} from "@tablemate/core";
import { useMemo } from "react";
import { availableCoupons, memberDiscounts } from "../../api/pay.js";
import { FactRow } from "../order/OrderPageFrame.js";
import "./member-pay.css";
import { askedChoice, type MemberChoice } from "./member-choice.js";
import { PAY_COPY } from "./pay-copy.js";
import { useLoaded } from "./use-loaded.js";

/** Cents as the pay pages print money: ¥12.3 */
export const centsMoney = (cents: number) => formatMoney(centsToMoneyText(cents));

export interface MemberQuote {
  coupons: AvailableCoupons;
  discounts: MemberDiscounts;
}

/**
 * /pay's member money (issue 19): the card's coupons with their verdicts, then the discount pipeline
 * for the diner's choice, both as the server computes them. Asked only when the register takes member
 * pay (`enabled`); again when the choice changes.
 */
export function useMemberQuote(
  rid: number | null,
  orderId: number | null,
  enabled: boolean,
  choice: MemberChoice,
) {
  const { coupon, points, stored } = choice;
  const load = useMemo(() => {
    if (!enabled || rid === null || orderId === null) return null;
    return async (): Promise<MemberQuote> => {
      const coupons = await availableCoupons(rid, orderId, typeof coupon === "number" ? coupon : undefined);
      const asked = askedChoice({ coupon, points, stored }, coupons.bestCouponId);
      return { coupons, discounts: await memberDiscounts(rid, orderId, asked) };
    };
  }, [enabled, rid, orderId, coupon, points, stored]);
  return useLoaded(load);
}

/** Whose card priced the order: the diner's own, or a tablemate's shared with them (000 §6). */
export function MemberCardRow({ member }: { member: MemberUse }) {
  return (
    <FactRow label={PAY_COPY.memberCard} testId="pay-member-card">
      {PAY_COPY.memberCardOf(member.cardTypeName, member.telPhone)}
      {!member.mine && <small className="pay-muted pay-block">{PAY_COPY.sharedCard}</small>}
    </FactRow>
  );
}

/** The coupon row: the one applied, or how many could be; opens the coupon choice. */
function CouponRow({ quote, onOpen }: { quote: MemberQuote; onOpen: () => void }) {
  const { coupons, discounts } = quote;
  const applied = coupons.coupons.find((c) => c.couponId === discounts.couponId);
  const usable = coupons.coupons.filter((c) => c.verdict.usable).length;
  const text = applied
    ? `${applied.name} -${centsMoney(applied.verdict.reductionCents)}`
    : usable > 0
      ? PAY_COPY.couponsUsable(usable)
      : PAY_COPY.couponsNone;
  return (
    <button type="button" className="pay-member-row" data-testid="pay-coupon" onClick={onOpen}>
      <span className="fact-row__label">{PAY_COPY.coupon}</span>
      <span className="fact-row__value">{text} ›</span>
    </button>
  );
}

/** A switch of member money: points or stored value, with what it would pay. */
function MoneyToggle({
  label,
  hint,
  checked,
  disabled,
  testId,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  testId: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="pay-member-row" data-testid={testId}>
      <span className="fact-row__label">
        {label}
        <small className="pay-muted pay-block">{hint}</small>
      </span>
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  );
}

/**
 * The member rows of /pay: the coupon (opens /member/selectCoupons), points and stored value where
 * the card may use them, and what the gateway is still asked for.
 */
export function MemberRows({
  quote,
  choice,
  onChoice,
  onOpenCoupons,
}: {
  quote: MemberQuote;
  choice: MemberChoice;
  onChoice: (choice: MemberChoice) => void;
  onOpenCoupons: () => void;
}) {
  const { discounts } = quote;
  const { points, storedValue } = discounts;
  const pointsMax = points.max * points.centsPerPoint;
  return (
    <section className="order-card" data-testid="pay-member">
      {quote.coupons.coupons.length > 0 && <CouponRow quote={quote} onOpen={onOpenCoupons} />}
      {points.allowed && (
        <MoneyToggle
          label={PAY_COPY.points}
          hint={
            points.max > 0 ? PAY_COPY.pointsOffer(points.max, centsMoney(pointsMax)) : PAY_COPY.pointsNone
          }
          checked={choice.points && points.used > 0}
          disabled={points.max === 0}
          testId="pay-points"
          onChange={(on) => onChoice({ ...choice, points: on })}
        />
      )}
      {storedValue.allowed && (
        <MoneyToggle
          label={PAY_COPY.storedValue}
          hint={
            storedValue.maxCents > 0
              ? PAY_COPY.storedBalance(centsMoney(storedValue.balanceCents))
              : PAY_COPY.storedBalanceShort(centsMoney(storedValue.balanceCents))
          }
          checked={choice.stored && storedValue.usedCents > 0}
          disabled={storedValue.maxCents === 0}
          testId="pay-stored"
          onChange={(on) => onChoice({ ...choice, stored: on })}
        />
      )}
      {storedValue.usedCents > 0 && (
        <FactRow label={PAY_COPY.storedValue} testId="pay-stored-used">
          -{centsMoney(storedValue.usedCents)}
        </FactRow>
      )}
      <FactRow label={PAY_COPY.gateway} testId="pay-gateway">
        {centsMoney(discounts.gatewayCents)}
      </FactRow>
    </section>
  );
}
