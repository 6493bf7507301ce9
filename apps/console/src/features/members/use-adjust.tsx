import { randomKey } from "@tablemate/client";
import type { ConsoleCard } from "@tablemate/core";
import { Form, Input, InputNumber } from "antd";
import { type ReactNode, useCallback } from "react";
import { membersApi } from "../../api/members.js";
import { MEMBERS_COPY as C } from "../../copy/index.js";
import { ReasonItem } from "../floor/use-approval.js";
import { useApprovedForm } from "../floor/use-approved-form.js";

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
  const { form, target, show, dialog } = useApprovedForm<
    { card: ConsoleCard; adjustmentId: string },
    AdjustValues
  >({
    send: (to, values, approval) =>
      membersApi.adjust(rid, to.card.id, {
        adjustmentId: to.adjustmentId,
        principal: values.principal?.trim() || "0",
        gift: values.gift?.trim() || "0",
        points: values.points ?? 0,
        reason: values.reason.trim(),
        ...(approval && { approval }),
      }),
    sentText: C.adjusted,
    done,
  });

  const start = useCallback(
    (card: ConsoleCard) => {
      form.resetFields();
      show({ card, adjustmentId: randomKey() });
    },
    [form, show],
  );

  const amountRule = { pattern: SIGNED_AMOUNT, message: C.adjustAmountRule };
  const somethingRule = {
    validator: async () => {
      const { principal, gift, points } = form.getFieldsValue();
      if (isZero(principal) && isZero(gift) && !points) throw new Error(C.adjustNothing);
    },
  };
  return {
    start,
    dialog: dialog(
      {
        title: target ? C.adjustTitle(target.card.cardNum) : "",
        hint: C.adjustHint,
        okText: C.adjustSubmit,
        cancelText: C.cancel,
        testId: "adjust-dialog",
      },
      <>
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
        <ReasonItem
          label={C.adjustReason}
          max={60}
          rule={C.adjustReasonRule}
          placeholder={C.adjustReasonPlaceholder}
          testId="adjust-reason"
        />
      </>,
    ),
  };
}
