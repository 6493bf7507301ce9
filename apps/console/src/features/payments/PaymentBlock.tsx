import type { ConsolePayment, IntentMoneyState } from "@tablemate/core";
import { Button, Tag, Tooltip, Typography } from "antd";
import { PAYMENTS_COPY as C } from "../../copy/index.js";
import { dayTime } from "../session/restaurant-time.js";
import { paymentView } from "./payment-view.js";
import "./payments.css";

const time = dayTime;

export const STATE_TAG: Record<IntentMoneyState, string> = {
  unpaid: "default",
  paying: "processing",
  paid: "success",
  overpaid: "warning",
};

const ATTEMPT_TAG = { pending: "processing", paid: "success", failed: "error", closed: "default" } as const;
const REFUND_TAG = { pending: "processing", done: "success", failed: "error" } as const;

/** 测试: a sandbox payment, no real money. */
export function TestTag() {
  return (
    <Tooltip title={C.testHint}>
      <Tag color="orange" data-testid="payment-test">
        {C.test}
      </Tag>
    </Tooltip>
  );
}

/**
 * One payment of an order group or a table's bill: its state (未支付 / 支付中 / 已支付), what was owed,
 * paid and refunded, 测试 for the sandbox's, every attempt and refund, and 退款 while some of it is
 * refundable (`onRefund` only for a role that may refund).
 */
export function PaymentBlock({
  payment,
  onRefund,
}: {
  payment: ConsolePayment;
  onRefund?: (payment: ConsolePayment) => void;
}) {
  const view = paymentView(payment);
  return (
    <div className="pay-block" data-testid={`payment-${payment.intentId}`}>
      <div className="pay-head">
        <span className="pay-tags">
          <Tag color={STATE_TAG[view.state]} data-testid="payment-state">
            {C.states[view.state]}
          </Tag>
          {view.refunded !== "none" && <Tag color="magenta">{C.refundedTags[view.refunded]}</Tag>}
          {payment.test && <TestTag />}
        </span>
        <span className="pay-sums">
          {C.amount} ¥{payment.amount} · {C.paid} ¥{payment.paid}
          {payment.refunded !== "0.00" && ` · ${C.refunded} ¥${payment.refunded}`}
        </span>
        {onRefund && view.refundableCents > 0 && (
          <Button size="small" danger data-testid="refund-button" onClick={() => onRefund(payment)}>
            {C.refund}
          </Button>
        )}
      </div>
      <ul className="pay-records">
        {payment.attempts.map((a) => (
          <li key={a.tradeNo}>
            <span className="pay-when">{time(a.createdAt)}</span>
            <span>{C.providers[a.provider]}</span>
            <Typography.Text className="pay-number" copyable={{ text: a.tradeNo }}>
              {a.tradeNo}
            </Typography.Text>
            <span className="pay-amount">¥{a.amount}</span>
            <Tag color={ATTEMPT_TAG[a.status]}>{C.attemptStatuses[a.status]}</Tag>
          </li>
        ))}
        {payment.refunds.map((r) => (
          <li key={r.refundNo} className="pay-refund" data-testid="payment-refund">
            <span className="pay-when">{time(r.createdAt)}</span>
            <span>{C.refund}</span>
            <Typography.Text className="pay-number" copyable={{ text: r.refundNo }}>
              {r.refundNo}
            </Typography.Text>
            <span className="pay-amount">−¥{r.amount}</span>
            <Tag color={REFUND_TAG[r.status]}>{C.refundStatuses[r.status]}</Tag>
            <span className="pay-reason">
              {r.reason}
              {r.approvedBy && ` · ${C.approvedBy(r.approvedBy)}`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
