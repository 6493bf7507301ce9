import type { ConsolePayment } from "@tablemate/core";
import { Tag } from "antd";
import { PAYMENTS_COPY as C } from "../../copy/index.js";
import { PaymentBlock, STATE_TAG } from "./PaymentBlock.js";

/**
 * An order group's payments in its card on the floor: each payment's block, or 未支付 for a
 * prepayment order nobody has started paying yet (a pay-later order with none shows nothing).
 */
export function OrderPayments({
  payments,
  prepay,
  onRefund,
}: {
  payments: readonly ConsolePayment[];
  prepay: boolean;
  onRefund?: (payment: ConsolePayment) => void;
}) {
  if (payments.length === 0) {
    if (!prepay) return null;
    return (
      <div className="pay-block" data-testid="payment-none">
        <Tag color={STATE_TAG.unpaid} data-testid="payment-state">
          {C.states.unpaid}
        </Tag>
      </div>
    );
  }
  return (
    <>
      {payments.map((payment) => (
        <PaymentBlock key={payment.intentId} payment={payment} onRefund={onRefund} />
      ))}
    </>
  );
}
