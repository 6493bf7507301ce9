import { type ConsolePayment, yuanToCents } from "@tablemate/core";
import { App, Form, Input, Modal, Typography } from "antd";
import { type ReactNode, useCallback, useState } from "react";
import * as payApi from "../../api/payments.js";
import { PAYMENTS_COPY as C } from "../../copy/index.js";
import { useApproval } from "../floor/use-approval.js";
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
  const { message } = App.useApp();
  const [form] = Form.useForm<RefundValues>();
  const approval = useApproval();
  const [target, setTarget] = useState<{ payment: ConsolePayment; what: string } | null>(null);
  const [open, setOpen] = useState(false);

  const start = useCallback(
    (payment: ConsolePayment, what: string) => {
      form.setFieldsValue({ amount: paymentView(payment).refundable, reason: "" });
      setTarget({ payment, what });
      setOpen(true);
    },
    [form],
  );

  const submit = async () => {
    if (!target) return;
    // a value the rules refuse is shown under its field; nothing is sent
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setOpen(false);
    const body = { amount: amountText(values.amount), reason: values.reason.trim() };
    const sent = await approval.run((approved) =>
      payApi.refund(rid, target.payment.intentId, approved ? { ...body, approval: approved } : body),
    );
    if (sent) {
      void message.success(C.refundSent);
      setTarget(null);
      done();
    } else setOpen(true);
  };

  const most = target ? paymentView(target.payment) : null;
  const dialog = (
    <>
      <Modal
        open={open}
        title={target ? C.refundTitle(target.what) : ""}
        okText={C.refundSubmit}
        okButtonProps={{ danger: true }}
        onOk={submit}
        onCancel={() => setOpen(false)}
        forceRender
        data-testid="refund-dialog"
      >
        <Typography.Paragraph type="secondary">{C.refundHint}</Typography.Paragraph>
        <Form form={form} layout="vertical">
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
          <Form.Item
            name="reason"
            label={C.refundReason}
            rules={[{ required: true, whitespace: true, max: 200, message: C.refundReasonRule }]}
          >
            <Input.TextArea
              rows={2}
              maxLength={200}
              placeholder={C.refundReasonPlaceholder}
              data-testid="refund-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
      {approval.dialog}
    </>
  );
  return { start, dialog };
}
