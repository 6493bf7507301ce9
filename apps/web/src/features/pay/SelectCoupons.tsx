import { formatMoney } from "@tablemate/client";
import { type CouponChoice, centsToMoneyText, parseId } from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { availableCoupons } from "../../api/pay.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { OrderNotice, OrderPageFrame } from "../order/OrderPageFrame.js";
import { centsMoney } from "./MemberPay.js";
import { memberChoiceQuery, readMemberChoice } from "./member-choice.js";
import { PAY_COPY } from "./pay-copy.js";
import { useLoaded } from "./use-loaded.js";
import { usePayRid } from "./use-pay-rid.js";
import "./member-pay.css";

/** What a coupon is worth, as its face shows it: ¥10, or the dish it gives. */
function face(coupon: CouponChoice): string {
  if (coupon.type === 2 && coupon.faceCents === null) return PAY_COPY.couponGoods(coupon.dishName ?? "");
  return formatMoney(centsToMoneyText(coupon.faceCents ?? 0));
}

function CouponOption({
  coupon,
  chosen,
  onChoose,
}: {
  coupon: CouponChoice;
  chosen: boolean;
  onChoose: () => void;
}) {
  const { verdict } = coupon;
  return (
    <label
      className={`order-card coupon-choice${verdict.usable ? "" : " coupon-choice--off"}`}
      data-testid={`coupon-${coupon.couponId}`}
    >
      <span className="coupon-choice__face">{face(coupon)}</span>
      <span className="coupon-choice__body">
        <p className="coupon-choice__name">{coupon.name}</p>
        <span className="pay-muted pay-block">
          {coupon.minSpendCents > 0
            ? PAY_COPY.couponMinSpend(centsMoney(coupon.minSpendCents))
            : PAY_COPY.couponNoMinimum}
        </span>
        <span className="pay-muted pay-block">
          {PAY_COPY.couponValidity(coupon.firstDay, coupon.lastDay)}
        </span>
        {verdict.usable ? (
          <span className="pay-block">{PAY_COPY.couponSaves(centsMoney(verdict.reductionCents))}</span>
        ) : (
          <p className="coupon-choice__reason" data-testid="coupon-reason">
            {verdict.message}
          </p>
        )}
      </span>
      <input
        type="radio"
        name="coupon"
        aria-label={coupon.name}
        checked={chosen}
        disabled={!verdict.usable}
        onChange={onChoose}
      />
    </label>
  );
}

/**
 * /member/selectCoupons?orderId=: every coupon the diner's card holds, each with the server's verdict
 * on the order (core's: usable, or why not), one or none chosen, then back to /pay with the choice.
 */
export function SelectCoupons() {
  const rid = usePayRid();
  const [params] = useSearchParams();
  const orderId = parseId(params.get("orderId"));
  const choice = useMemo(() => readMemberChoice(params), [params]);
  const navigate = useCarryingNavigate();
  const load = useMemo(
    () => (rid === null || orderId === null ? null : () => availableCoupons(rid, orderId)),
    [rid, orderId],
  );
  const { state, reload } = useLoaded(load);
  const [picked, setPicked] = useState<number | "none" | null>(null);

  const back = (coupon: number | "none") =>
    navigate(PATHS.pay, {
      query: { orderId: String(orderId ?? ""), ...memberChoiceQuery({ ...choice, coupon }) },
      replace: true,
    });

  if (state.kind !== "ready") {
    return (
      <OrderPageFrame title={PAY_COPY.selectCouponsTitle} testId="select-coupons">
        {state.kind === "failed" && (
          <OrderNotice
            message={state.message || PAY_COPY.memberLoadFailed}
            actions={[{ label: PAY_COPY.retry, run: reload, primary: true }]}
          />
        )}
      </OrderPageFrame>
    );
  }
  const { coupons, bestCouponId } = state.value;
  const current = picked ?? (choice.coupon === "best" ? (bestCouponId ?? "none") : choice.coupon);
  return (
    <OrderPageFrame
      title={PAY_COPY.selectCouponsTitle}
      testId="select-coupons"
      footer={
        <Button className="order-footer__grow" color="primary" shape="rounded" onClick={() => back(current)}>
          {PAY_COPY.confirm}
        </Button>
      }
    >
      <label className="order-card coupon-choice" data-testid="coupon-none">
        <span className="coupon-choice__body">
          <p className="coupon-choice__name">{PAY_COPY.couponNone}</p>
        </span>
        <input
          type="radio"
          name="coupon"
          aria-label={PAY_COPY.couponNone}
          checked={current === "none"}
          onChange={() => setPicked("none")}
        />
      </label>
      {coupons.length === 0 && <p className="pay-muted">{PAY_COPY.couponsEmpty}</p>}
      {coupons.map((coupon) => (
        <CouponOption
          key={coupon.couponId}
          coupon={coupon}
          chosen={current === coupon.couponId}
          onChoose={() => setPicked(coupon.couponId)}
        />
      ))}
    </OrderPageFrame>
  );
}
