import { formatMoney } from "@tablemate/client";
import { centsToMoneyText, type MemberPayChoice, type PayView, queryFlag } from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { useCallback, useEffect, useMemo } from "react";
import { useSearchParams } from "react-router";
import { payView, startPay } from "../../api/pay.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import { Money } from "../cart/Money.js";
import { subscribeTableEvents } from "../cart/table-events.js";
import { useOrderNavigation } from "../checkout/order-navigation.js";
import { FactRow, OrderNotice, OrderPageFrame } from "../order/OrderPageFrame.js";
import { onOrderNews } from "../order/order-news.js";
import { confirmStoredValue } from "./confirm-stored.js";
import { centsMoney, MemberCardRow, type MemberQuote, MemberRows, useMemberQuote } from "./MemberPay.js";
import {
  type MemberChoice,
  memberChoiceQuery,
  NO_MEMBER_MONEY,
  paidChoice,
  readMemberChoice,
} from "./member-choice.js";
import { PayHead, StartedPayment } from "./PayParts.js";
import { firstPayView } from "./page-pay.js";
import { PAY_COPY } from "./pay-copy.js";
import { useLoaded } from "./use-loaded.js";
import { usePayRid } from "./use-pay-rid.js";
import { useReturnPath } from "./use-return-path.js";
import { useStartPay } from "./use-start-pay.js";

const nonZero = (value: string) => Number(value) !== 0;

/**
 * The amounts of the order as the server computed them: total, discounts, paid, refunded, due. With
 * member money the discounts are the pipeline's for the diner's choice (`quote`), and due its payable.
 */
function Amounts({ view, quote }: { view: PayView; quote: MemberQuote | null }) {
  const discounts = quote
    ? quote.discounts.steps.map((step) => ({
        kind: step.kind,
        label: step.label,
        amount: centsToMoneyText(step.cents),
      }))
    : view.discounts;
  const due = quote ? centsToMoneyText(quote.discounts.payableCents) : view.due;
  return (
    <section className="order-card" data-testid="pay-amounts">
      {view.member && <MemberCardRow member={view.member} />}
      <FactRow label={PAY_COPY.total} testId="pay-total">
        {formatMoney(view.total)}
      </FactRow>
      <div className="pay-discounts" data-testid="pay-discounts">
        {discounts.length === 0 ? (
          <FactRow label={PAY_COPY.discounts}>
            <span className="pay-muted">{PAY_COPY.noDiscounts}</span>
          </FactRow>
        ) : (
          discounts.map((discount) => (
            <FactRow key={`${discount.kind}:${discount.label}`} label={discount.label}>
              -{formatMoney(discount.amount)}
            </FactRow>
          ))
        )}
      </div>
      {nonZero(view.deliveryFee) && (
        <FactRow label={PAY_COPY.deliveryFee} testId="pay-delivery-fee">
          {formatMoney(view.deliveryFee)}
        </FactRow>
      )}
      {nonZero(view.paid) && (
        <FactRow label={PAY_COPY.paid} testId="pay-paid">
          {formatMoney(view.paid)}
        </FactRow>
      )}
      {nonZero(view.refunded) && (
        <FactRow label={PAY_COPY.refunded} testId="pay-refunded">
          {formatMoney(view.refunded)}
        </FactRow>
      )}
      <FactRow label={PAY_COPY.due} testId="pay-due">
        <Money className="pay-due" value={due} />
      </FactRow>
    </section>
  );
}

/**
 * /pay?orderId=: what the order comes to as the server computed it, and 支付 ¥x, which starts the
 * payment with the intent's Idempotency-Key and acts on the server's next step.
 */
export function OrderPay({ orderId }: { orderId: number | null }) {
  const rid = usePayRid();
  const takeout = useAppStore((state) => queryFlag(state.SearchObj.takeout));
  const nav = useOrderNavigation();
  const load = useMemo(() => {
    if (rid === null || orderId === null) return null;
    // the first load may take the view the page carried; a reload always asks
    let first = true;
    return () => {
      const answer = first ? firstPayView(rid, orderId) : payView(rid, orderId);
      first = false;
      return answer;
    };
  }, [rid, orderId]);
  const { state, reload } = useLoaded(load);
  // another phone of the table paid (or cancelled, or the restaurant moved an order): ask again
  const groupId = state.kind === "ready" ? state.value.orderId : null;
  useEffect(() => subscribeTableEvents(onOrderNews([orderId, groupId], reload)), [orderId, groupId, reload]);
  const resultQuery = useMemo(() => ({ orderId: orderId === null ? undefined : String(orderId) }), [orderId]);
  const returnPath = useReturnPath(resultQuery);
  const { start, starting, shown, toResult } = useStartPay(resultQuery, reload);
  const toDetail = useCallback(() => {
    if (orderId !== null) nav.toDetail(orderId);
  }, [nav, orderId]);
  const [params] = useSearchParams();
  const choice = useMemo(() => readMemberChoice(params), [params]);
  const navigate = useCarryingNavigate();
  const unpaid = state.kind === "ready" && state.value.memberPay && state.value.state === "unpaid";
  const member = useMemberQuote(rid, orderId, unpaid, choice);
  const quote = unpaid && member.state.kind === "ready" ? member.state.value : null;
  const choose = (next: MemberChoice) =>
    navigate(PATHS.pay, { query: { ...resultQuery, ...memberChoiceQuery(next) }, replace: true });
  const openCoupons = () => {
    const coupon = quote?.discounts.couponId ?? "none";
    navigate(PATHS.memberSelectCoupons, {
      query: { ...resultQuery, ...memberChoiceQuery({ ...choice, coupon }) },
    });
  };

  if (state.kind !== "ready") {
    return (
      <OrderPageFrame title={PAY_COPY.title} testId="pay-page">
        {state.kind === "failed" && (
          <OrderNotice
            message={state.message || PAY_COPY.loadFailed}
            actions={[
              { label: PAY_COPY.retry, run: reload, primary: true },
              { label: PAY_COPY.viewOrder, run: toDetail },
            ]}
          />
        )}
      </OrderPageFrame>
    );
  }

  const view = state.value;
  const paying: MemberPayChoice = quote ? paidChoice(quote.discounts) : NO_MEMBER_MONEY;
  // a choice of member money is another payment: its own Idempotency-Key
  const what = `${view.due}|${returnPath}|${paying.couponId ?? ""}|${paying.points}|${paying.storedValueCents}`;
  const pay = async () => {
    if (rid === null) return;
    // stored value is spent at once: the diner confirms how much, and from which card, first
    if (paying.storedValueCents > 0) {
      const card = view.member ? PAY_COPY.memberCardOf(view.member.cardTypeName, view.member.telPhone) : "";
      if (!(await confirmStoredValue(centsMoney(paying.storedValueCents), card))) return;
    }
    void start({ kind: "order", rid, orderId: view.orderId }, what, (key) =>
      startPay(rid, view.orderId, returnPath, key, paying),
    );
  };
  const gateway = quote ? centsToMoneyText(quote.discounts.gatewayCents) : view.due;
  const payLabel =
    quote && quote.discounts.gatewayCents === 0 && quote.discounts.storedValue.usedCents > 0
      ? PAY_COPY.payStored(centsMoney(quote.discounts.storedValue.usedCents))
      : PAY_COPY.payButton(formatMoney(gateway));
  const settled = view.state === "paid" || !(Number(view.due) > 0);
  const footer = settled ? (
    <>
      <span className="order-total" data-testid="pay-state">
        {view.state === "paid" ? PAY_COPY.alreadyPaid : PAY_COPY.nothingDue}
      </span>
      <Button color="primary" shape="rounded" onClick={toDetail}>
        {PAY_COPY.viewOrder}
      </Button>
    </>
  ) : view.state === "paying" ? (
    <>
      <span className="order-total" data-testid="pay-state">
        {PAY_COPY.paying}
        <small className="pay-muted pay-block">{PAY_COPY.payingHint}</small>
      </span>
      <Button color="primary" fill="outline" shape="rounded" onClick={reload}>
        {PAY_COPY.refresh}
      </Button>
    </>
  ) : (
    <>
      {/* not now: the order is kept (and may be cancelled there) */}
      <Button color="primary" fill="outline" shape="rounded" onClick={toDetail}>
        {PAY_COPY.viewOrder}
      </Button>
      <Button
        className="order-footer__grow"
        color="primary"
        shape="rounded"
        loading={starting || (unpaid && member.state.kind === "loading")}
        onClick={() => void pay()}
      >
        {payLabel}
      </Button>
    </>
  );

  return (
    <OrderPageFrame title={PAY_COPY.title} testId="pay-page" footer={footer}>
      <PayHead testId="pay-where" name={view.restaurantName} test={view.test}>
        {/* a takeout sits at no table: its internal 外送01 is nobody's (issue 25) */}
        {!takeout && <FactRow label={PAY_COPY.table}>{view.tableName}</FactRow>}
      </PayHead>
      <Amounts view={view} quote={quote} />
      {quote && <MemberRows quote={quote} choice={choice} onChoice={choose} onOpenCoupons={openCoupons} />}
      {unpaid && member.state.kind === "failed" && (
        <p className="pay-muted" data-testid="pay-member-failed">
          {PAY_COPY.memberLoadFailed}
        </p>
      )}
      {shown && <StartedPayment shown={shown} toResult={toResult} />}
    </OrderPageFrame>
  );
}
