import type { Approval } from "@tablemate/core";
import { App, Form, Input, Modal, Typography } from "antd";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { ApiError } from "../../api/http.js";
import { FLOOR_COPY } from "../../copy/index.js";

/** core's ERRORS.approvalRequired: the action needs a manager's login and PIN. */
export const APPROVAL_REQUIRED = 4031;

type Action = (approval?: Approval) => Promise<unknown>;

/**
 * Runs an action; when the server answers that it needs a manager's approval, asks for the approver's
 * login and PIN and runs it again with them. A refusal is shown as the server worded it. Answers
 * whether the action went through, and the dialog to render.
 */
export function useApproval(): { run(action: Action): Promise<boolean>; dialog: ReactNode } {
  const { message } = App.useApp();
  const [form] = Form.useForm<Approval>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const pending = useRef<{ action: Action; done(ok: boolean): void } | null>(null);

  const run = useCallback(
    (action: Action) =>
      new Promise<boolean>((resolve) => {
        action()
          .then(() => resolve(true))
          .catch((error: unknown) => {
            if (error instanceof ApiError && error.code === APPROVAL_REQUIRED) {
              pending.current = { action, done: resolve };
              form.resetFields();
              setOpen(true);
              return;
            }
            void message.error(error instanceof Error ? error.message : String(error));
            resolve(false);
          });
      }),
    [form, message],
  );

  const submit = async () => {
    const approval = await form.validateFields();
    const current = pending.current;
    if (!current) return;
    setBusy(true);
    try {
      await current.action(approval);
      setOpen(false);
      current.done(true);
      pending.current = null;
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setOpen(false);
    pending.current?.done(false);
    pending.current = null;
  };

  const dialog = (
    <Modal
      open={open}
      title={FLOOR_COPY.approvalTitle}
      okText={FLOOR_COPY.approve}
      onOk={submit}
      onCancel={cancel}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="approval-dialog"
    >
      <Typography.Paragraph type="secondary">{FLOOR_COPY.approvalHint}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="login" label={FLOOR_COPY.approvalLogin} rules={[{ required: true }]}>
          <Input autoComplete="off" data-testid="approval-login" />
        </Form.Item>
        <Form.Item
          name="pin"
          label={FLOOR_COPY.approvalPin}
          rules={[{ required: true, pattern: /^\d{4,6}$/, message: FLOOR_COPY.approvalPinRule }]}
        >
          <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" data-testid="approval-pin" />
        </Form.Item>
      </Form>
    </Modal>
  );
  return { run, dialog };
}

/** Asks a reason (cancel, comp, reverse), then resolves with it; null when the dialog is dismissed. */
export function useReason(): { ask(title: string): Promise<string | null>; dialog: ReactNode } {
  const [form] = Form.useForm<{ reason: string }>();
  const [title, setTitle] = useState<string | null>(null);
  const pending = useRef<((reason: string | null) => void) | null>(null);
  const ask = useCallback(
    (next: string) =>
      new Promise<string | null>((resolve) => {
        pending.current = resolve;
        form.resetFields();
        setTitle(next);
      }),
    [form],
  );
  const finish = (reason: string | null) => {
    setTitle(null);
    pending.current?.(reason);
    pending.current = null;
  };
  const dialog = (
    <Modal
      open={title !== null}
      title={title}
      okText={FLOOR_COPY.confirm}
      onOk={async () => finish((await form.validateFields()).reason.trim())}
      onCancel={() => finish(null)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <ReasonItem
          label={FLOOR_COPY.reason}
          max={60}
          rule={FLOOR_COPY.reasonRequired}
          placeholder={FLOOR_COPY.reasonPlaceholder}
          testId="reason-input"
        />
      </Form>
    </Modal>
  );
  return { ask, dialog };
}

/** A form's 原因 (a cancel, a comp, an adjustment, a refund): written out, at most `max` characters. */
export function ReasonItem({
  label,
  max,
  rule,
  placeholder,
  testId,
}: {
  label: string;
  max: number;
  /** what is shown when it is missing or too long */
  rule: string;
  placeholder: string;
  testId: string;
}) {
  return (
    <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, max, message: rule }]}>
      <Input.TextArea rows={2} maxLength={max} placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}
