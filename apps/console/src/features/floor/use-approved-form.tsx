import type { Approval } from "@tablemate/core";
import { App, Form, type FormInstance, Modal, Typography } from "antd";
import { type ReactNode, useCallback, useState } from "react";
import { useApproval } from "./use-approval.js";

/** What a form's dialog shows around its fields. */
export interface FormFrame {
  title: string;
  hint: string;
  okText: string;
  cancelText?: string;
  /** 确定 in red (a refund) */
  danger?: boolean;
  testId: string;
}

/**
 * A form in a dialog whose sending may need a manager's approval (an adjustment, a refund): 确定 checks
 * the fields, closes the form and `send`s them about the target `show`n; when the server asks for an
 * approval (4031), useApproval's dialog takes the login and PIN and they are sent again with it. Sent:
 * `sentText` is shown and `done` told. Not sent (refused, approval dismissed): the form opens again
 * with what was typed.
 */
export function useApprovedForm<T, V>({
  send,
  sentText,
  done,
}: {
  send(target: T, values: V, approval?: Approval): Promise<unknown>;
  sentText: string;
  done(): void;
}): {
  form: FormInstance<V>;
  target: T | null;
  show(target: T): void;
  dialog(frame: FormFrame, fields: ReactNode): ReactNode;
} {
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const approval = useApproval();
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((next: T) => {
    setTarget(next);
    setOpen(true);
  }, []);

  const submit = async () => {
    if (target === null) return;
    // a value the rules refuse is shown under its field; nothing is sent
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setOpen(false);
    const sent = await approval.run((approved) => send(target, values, approved));
    if (sent) {
      void message.success(sentText);
      setTarget(null);
      done();
    } else setOpen(true);
  };

  const dialog = (frame: FormFrame, fields: ReactNode) => (
    <>
      <Modal
        open={open}
        title={frame.title}
        okText={frame.okText}
        cancelText={frame.cancelText}
        okButtonProps={frame.danger ? { danger: true } : undefined}
        onOk={submit}
        onCancel={() => setOpen(false)}
        forceRender
        data-testid={frame.testId}
      >
        <Typography.Paragraph type="secondary">{frame.hint}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          {fields}
        </Form>
      </Modal>
      {approval.dialog}
    </>
  );
  return { form, target, show, dialog };
}
