import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import {
  App,
  Button,
  Form,
  type FormInstance,
  Input,
  type InputProps,
  Modal,
  Space,
  Table,
  type TableColumnType,
  type TableProps,
  Tag,
  Typography,
} from "antd";
import { type ReactNode, useCallback, useState } from "react";
import { isConflict } from "../../api/menu.js";
import { MEMBERS_COPY as C } from "../../copy/index.js";
import { failure } from "../staff/use-load.js";

/** The parts the member settings tabs (card types, recharge rules, coupons, 满减) are built of. */

/** An amount in yuan as typed: up to 7 digits and 2 decimals (its words read as a form validates). */
export const AMOUNT_RULE = {
  pattern: /^\d{1,7}(\.\d{1,2})?$/,
  get message() {
    return C.templateForm.amountRule;
  },
};
/** An amount that must be given. */
export const REQUIRED_AMOUNT = {
  required: true,
  get message() {
    return C.templateForm.amountRule;
  },
};

/** A field for an amount in yuan (¥ before it, the decimal keypad on a tablet). */
export function YuanInput(props: InputProps) {
  return <Input prefix="¥" inputMode="decimal" {...props} />;
}

type Outcome = "saved" | "conflict" | "refused";

/** Sends one change and says how it went (已保存, or the refusal's words); "conflict": someone saved first (409). */
export function useSaveCall(): (send: () => Promise<unknown>) => Promise<Outcome> {
  const { message } = App.useApp();
  return useCallback(
    async (send) => {
      try {
        await send();
        void message.success(C.saved);
        return "saved";
      } catch (error) {
        void message.error(failure(error));
        return isConflict(error) ? "conflict" : "refused";
      }
    },
    [message],
  );
}

/** A tab's title, its hint, 刷新 and its 新建 button. */
export function TabHead({
  title,
  hint,
  reload,
  newText,
  onNew,
  newTestId,
}: {
  title: string;
  hint?: string;
  reload(): void;
  newText: string;
  onNew(): void;
  newTestId: string;
}) {
  return (
    <div className="members-toolbar">
      <div>
        <Typography.Title level={5} className="members-heading">
          {title}
        </Typography.Title>
        {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
      </div>
      <Space>
        <Button icon={<ReloadOutlined />} onClick={reload}>
          {C.refresh}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={onNew} data-testid={newTestId}>
          {newText}
        </Button>
      </Space>
    </div>
  );
}

/** A tab's list: small, a row per id, on one page; `dimOff` greys the rows switched off. */
export function TabTable<T extends { id: number; enabled: boolean }>({
  testId,
  rows,
  loading,
  columns,
  dimOff = false,
}: {
  testId: string;
  rows: T[] | null;
  loading: boolean;
  columns: TableProps<T>["columns"];
  dimOff?: boolean;
}) {
  return (
    <Table<T>
      data-testid={testId}
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={rows ?? []}
      columns={columns}
      pagination={false}
      rowClassName={dimOff ? (row) => (row.enabled ? "" : "members-row-off") : undefined}
    />
  );
}

/** The 状态 column: 启用中 in green, or 已停用. */
export function enabledColumn<T>(title: string, width: number): TableColumnType<T> {
  return {
    title,
    dataIndex: "enabled",
    width,
    render: (enabled: boolean) => (enabled ? <Tag color="green">{C.enabled}</Tag> : <Tag>{C.disabled}</Tag>),
  };
}

/** 停用 a row that is on (in red), 启用 one that is off. */
export function EnableButton({
  enabled,
  toggle,
  testId,
}: {
  enabled: boolean;
  toggle(): Promise<void>;
  testId: string;
}) {
  return (
    <Button size="small" danger={enabled} onClick={() => void toggle()} data-testid={testId}>
      {enabled ? C.disable : C.enable}
    </Button>
  );
}

/**
 * A tab's form in a dialog: 确定 checks the fields, `send`s them and calls `saved`; a refusal is shown and the
 * dialog stays, but for a conflict (someone saved first), which calls `conflict` when given.
 */
export function FormDialog<V>({
  form,
  open,
  title,
  send,
  saved,
  conflict,
  cancel,
  testId,
  width,
  initialValues,
  children,
}: {
  form: FormInstance<V>;
  open: boolean;
  title: string;
  send(values: V): Promise<unknown>;
  saved(): void;
  conflict?(): void;
  cancel(): void;
  testId: string;
  width?: number;
  initialValues?: Partial<V>;
  children: ReactNode;
}) {
  const saveCall = useSaveCall();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const outcome = await saveCall(() => send(values));
    setSaving(false);
    if (outcome === "saved") saved();
    else if (outcome === "conflict") conflict?.();
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={C.ok}
      cancelText={C.cancel}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={cancel}
      width={width}
      forceRender
      data-testid={testId}
    >
      <Form form={form} layout="vertical" initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
