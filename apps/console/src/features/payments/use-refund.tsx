import { type ConsolePayment, yuanToCents } from "@tablemate/core";
import { Form, Input } from "antd";
import { type ReactNode, useCallback } from "react";
import * as payApi from "../../api/payments.js";
import { PAYMENTS_COPY as C } from "../../copy/index.js";
import { ReasonItem } from "../floor/use-approval.js";
import { useApprovedForm } from "../floor/use-approved-form.js";
import { AMOUNT_PATTERN, amountText, paymentView } from "./payment-view.js";

interface RefundValues {
  amount: string;
  reason: string;
}

/**
 * The refund form: amount (what is refundable, to start with) and reason, then the refund; when the
 * server asks for a manager's approval (4031) the floor's approval dialog takes the login and PIN and
 * the refund is sent again with them. A refund not sent (refused, approval dismissed) opens the form
 * again with what was typed. `done` is told of each refund sent.
 */
export function useRefund(
  rid: number,
  done: () => void,
): { start(payment: ConsolePayment, what: string): void; dialog: ReactNode } {
  const { form, target, show, dialog } = useApprovedForm<
    { payment: ConsolePayment; what: string },
    RefundValues
  >({
    send: (to, values, approval) =>
      payApi.refund(rid, to.payment.intentId, {
        amount: amountText(values.amount),
        reason: values.reason.trim(),
        ...(approval && { approval }),
      }),
    sentText: C.refundSent,
    done,
  });

  const start = useCallback(
    (payment: ConsolePayment, what: string) => {
      form.setFieldsValue({ amount: paymentView(payment).refundable, reason: "" });
      show({ payment, what });
    },
    [form, show],
  );

  const most = target ? paymentView(target.payment) : null;
  return {
    start,
    dialog: dialog(
      {
        title: target ? C.refundTitle(target.what) : "",
        hint: C.refundHint,
        okText: C.refundSubmit,
        danger: true,
        testId: "refund-dialog",
      },
      <>
        <Form.Item
          name="amount"
          label={C.refundAmount}
          extra={most && C.refundTooMuch(most.refundable)}
          rules={[
            { required: true, pattern: AMOUNT_PATTERN, message: C.refundAmountRule },
            {
              validator: async (_, value: string) => {
                if (!most || !value || !AMOUNT_PATTERN.test(value)) return;
                const cents = yuanToCents(value.trim());
                if (cents <= 0) throw new Error(C.refundZero);
                if (cents > most.refundableCents) throw new Error(C.refundTooMuch(most.refundable));
              },
            },
          ]}
        >
          <Input prefix="¥" inputMode="decimal" autoComplete="off" data-testid="refund-amount" />
        </Form.Item>
        <ReasonItem
          label={C.refundReason}
          max={200}
          rule={C.refundReasonRule}
          placeholder={C.refundReasonPlaceholder}
          testId="refund-reason"
        />
      </>,
    ),
  };
}
