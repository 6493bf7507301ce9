import { randomKey } from "@tablemate/client";
import type { ConsoleCard } from "@tablemate/core";
import { App, Form, Input, InputNumber, Modal, Typography } from "antd";
import { type ReactNode, useCallback, useState } from "react";
import { membersApi } from "../../api/members.js";
import { MEMBERS_COPY as C } from "../../copy/index.js";
import { useApproval } from "../floor/use-approval.js";

interface AdjustValues {
  principal?: string;
  gift?: string;
  points?: number | null;
  reason: string;
}

/** a signed amount as the contract takes it: yuan, at most 2 decimals */
const SIGNED_AMOUNT = /^[+-]?\d{1,7}(\.\d{1,2})?$/;
const isZero = (text: string | undefined) => !text || Number(text) === 0;

/**
 * 调整余额: the changes (signed yuan for principal and gift, signed points) and a reason, sent as one
 * ledger entry; when the server asks for a manager's approval (4031), the floor's approval dialog takes
 * the login and PIN and the same adjustment (its id made when the form opened) is sent again with them.
 * A refusal (below zero, below what is held) is shown as the server words it and the form stays open.
 */
export function useAdjust(
  rid: number,
  done: () => void,
): { start(card: ConsoleCard): void; dialog: ReactNode } {
  const { message } = App.useApp();
  const [form] = Form.useForm<AdjustValues>();
  const approval = useApproval();
  const [target, setTarget] = useState<{ card: ConsoleCard; adjustmentId: string } | null>(null);
  const [open, setOpen] = useState(false);

  const start = useCallback(
    (card: ConsoleCard) => {
      form.resetFields();
      setTarget({ card, adjustmentId: randomKey() });
      setOpen(true);
    },
    [form],
  );

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setOpen(false);
    const body = {
      adjustmentId: target.adjustmentId,
      principal: values.principal?.trim() || "0",
      gift: values.gift?.trim() || "0",
      points: values.points ?? 0,
      reason: values.reason.trim(),
    };
    const sent = await approval.run((approved) =>
      membersApi.adjust(rid, target.card.id, approved ? { ...body, approval: approved } : body),
    );
    if (sent) {
      void message.success(C.adjusted);
      setTarget(null);
      done();
    } else setOpen(true);
  };

  const amountRule = { pattern: SIGNED_AMOUNT, message: C.adjustAmountRule };
  const somethingRule = {
    validator: async () => {
      const { principal, gift, points } = form.getFieldsValue();
      if (isZero(principal) && isZero(gift) && !points) throw new Error(C.adjustNothing);
    },
  };
  const dialog = (
    <>
      <Modal
        open={open}
        title={target ? C.adjustTitle(target.card.cardNum) : ""}
        okText={C.adjustSubmit}
        cancelText={C.cancel}
        onOk={submit}
        onCancel={() => setOpen(false)}
        forceRender
        data-testid="adjust-dialog"
      >
        <Typography.Paragraph type="secondary">{C.adjustHint}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <div className="members-form-row">
            <Form.Item name="principal" label={C.adjustPrincipal} rules={[amountRule]}>
              <Input prefix="¥" inputMode="decimal" autoComplete="off" data-testid="adjust-principal" />
            </Form.Item>
            <Form.Item name="gift" label={C.adjustGift} rules={[amountRule]}>
              <Input prefix="¥" inputMode="decimal" autoComplete="off" data-testid="adjust-gift" />
            </Form.Item>
            <Form.Item
              name="points"
              label={C.adjustPoints}
              rules={[{ type: "integer", message: C.adjustPointsRule }, somethingRule]}
              dependencies={["principal", "gift"]}
            >
              <InputNumber precision={0} style={{ width: "100%" }} data-testid="adjust-points" />
            </Form.Item>
          </div>
          <Form.Item
            name="reason"
            label={C.adjustReason}
            rules={[{ required: true, whitespace: true, max: 60, message: C.adjustReasonRule }]}
          >
            <Input.TextArea
              rows={2}
              maxLength={60}
              placeholder={C.adjustReasonPlaceholder}
              data-testid="adjust-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
      {approval.dialog}
    </>
  );
  return { start, dialog };
}
