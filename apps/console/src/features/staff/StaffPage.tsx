import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import {
  LOGIN_PATTERN,
  mayManageRole,
  PASSWORD_MIN,
  PIN_PATTERN,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
} from "@tablemate/core";
import { App, Button, Form, Input, Modal, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import * as api from "../../api/staff.js";
import { COMMON_COPY, STAFF_COPY } from "../../copy/index.js";
import { FormSelect } from "../forms/FormSelect.js";
import { useSession, useWorkplace } from "../session/session-store.js";
import { failure, shortTime, useLoad } from "./use-load.js";
import "./staff.css";

const C = STAFF_COPY;

const roleOptions = (actor: StaffRole) =>
  STAFF_ROLES.filter((role) => mayManageRole(actor, role)).map((role) => ({
    value: role,
    label: COMMON_COPY.roles[role],
  }));

interface NewMember {
  name: string;
  login: string;
  role: StaffRole;
  password: string;
  pin: string;
}

/** /console/staff: the restaurant's staff; add, change role, reset PIN or password, disable (staff.write). */
export default function StaffPage() {
  const { restaurantId, role } = useWorkplace();
  const myId = useSession((s) => s.session?.account.id);
  const { message, modal } = App.useApp();
  const { data, loading, reload } = useLoad(() => api.listStaff(restaurantId), restaurantId);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<{ member: StaffMember; what: "pin" | "password" } | null>(null);
  const [busy, setBusy] = useState(false);
  const [addForm] = Form.useForm<NewMember>();
  const [resetForm] = Form.useForm<{ value: string }>();

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      void message.success(done);
      reload();
      return true;
    } catch (error) {
      void message.error(failure(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    const values = await addForm.validateFields();
    const ok = await run(
      () => api.createStaff(restaurantId, { ...values, login: values.login.trim() }),
      C.added(values.name),
    );
    if (ok) {
      setAdding(false);
      addForm.resetFields();
    }
  };

  const reset = async () => {
    if (!resetting) return;
    const { value } = await resetForm.validateFields();
    const { member, what } = resetting;
    const ok = await run(
      () =>
        what === "pin"
          ? api.resetPin(restaurantId, member.accountId, value)
          : api.resetPassword(restaurantId, member.accountId, value),
      C.saved,
    );
    if (ok) {
      setResetting(null);
      resetForm.resetFields();
    }
  };

  const toggle = (member: StaffMember) => {
    const disabling = !member.disabled;
    modal.confirm({
      title: disabling ? C.disableConfirm(member.name) : C.enableConfirm(member.name),
      okText: disabling ? C.disable : C.enable,
      okButtonProps: { danger: disabling },
      cancelText: C.cancel,
      onOk: () => run(() => api.setDisabled(restaurantId, member.accountId, disabling), C.saved),
    });
  };

  const columns = [
    {
      title: C.columns.name,
      dataIndex: "name",
      render: (name: string, m: StaffMember) => (
        <span>
          {name}
          {m.accountId === myId && <Typography.Text type="secondary">{C.you}</Typography.Text>}
        </span>
      ),
    },
    { title: C.columns.login, dataIndex: "login" },
    {
      title: C.columns.role,
      dataIndex: "role",
      render: (current: StaffRole, m: StaffMember) =>
        mayManageRole(role, current) ? (
          <Select
            size="small"
            value={current}
            aria-label={`${m.name} ${C.columns.role}`}
            style={{ width: 104 }}
            options={roleOptions(role)}
            disabled={busy}
            onChange={(next: StaffRole) =>
              void run(() => api.changeRole(restaurantId, m.accountId, next), C.saved)
            }
          />
        ) : (
          <Tag>{COMMON_COPY.roles[current]}</Tag>
        ),
    },
    {
      title: C.columns.status,
      dataIndex: "disabled",
      render: (disabled: boolean) =>
        disabled ? <Tag color="default">{C.disabled}</Tag> : <Tag color="green">{C.active}</Tag>,
    },
    { title: C.columns.createdAt, dataIndex: "createdAt", render: shortTime },
    {
      title: C.columns.actions,
      key: "actions",
      render: (_: unknown, m: StaffMember) =>
        mayManageRole(role, m.role) ? (
          <Space size={4} wrap>
            <Button size="small" onClick={() => setResetting({ member: m, what: "pin" })}>
              {C.resetPin}
            </Button>
            <Button size="small" onClick={() => setResetting({ member: m, what: "password" })}>
              {C.resetPassword}
            </Button>
            {m.accountId !== myId && (
              <Button size="small" danger={!m.disabled} onClick={() => toggle(m)}>
                {m.disabled ? C.enable : C.disable}
              </Button>
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">{C.ownerHint}</Typography.Text>
        ),
    },
  ];

  return (
    <div data-testid="staff-page">
      <div className="staff-toolbar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {C.heading}
        </Typography.Title>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={reload}>
            {C.refresh}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {C.add}
          </Button>
        </Space>
      </div>
      <Table<StaffMember>
        rowKey="accountId"
        size="middle"
        loading={loading}
        dataSource={data ?? []}
        columns={columns}
        pagination={false}
        rowClassName={(m) => (m.disabled ? "staff-row-disabled" : "")}
      />
      <Modal
        title={C.add}
        open={adding}
        okText={C.ok}
        cancelText={C.cancel}
        confirmLoading={busy}
        onOk={() => void add().catch(() => {})}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={addForm} layout="vertical" initialValues={{ role: "waiter" }} preserve={false}>
          <Form.Item
            name="name"
            label={C.form.name}
            rules={[{ required: true, whitespace: true, max: 20, message: C.form.required }]}
          >
            <Input placeholder={C.form.namePlaceholder} maxLength={20} />
          </Form.Item>
          <Form.Item
            name="login"
            label={C.form.login}
            extra={C.form.loginHelp}
            rules={[{ required: true, pattern: LOGIN_PATTERN, message: C.form.loginHelp }]}
          >
            <Input placeholder={C.form.loginPlaceholder} autoComplete="off" />
          </Form.Item>
          <Form.Item name="role" label={C.form.role} rules={[{ required: true }]}>
            <FormSelect options={roleOptions(role)} />
          </Form.Item>
          <Form.Item
            name="password"
            label={C.form.password}
            extra={C.form.passwordHelp}
            rules={[{ required: true, min: PASSWORD_MIN, message: C.form.passwordHelp }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="pin"
            label={C.form.pin}
            extra={C.form.pinHelp}
            rules={[{ required: true, pattern: PIN_PATTERN, message: C.form.pinHelp }]}
          >
            <Input inputMode="numeric" maxLength={6} autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={
          resetting &&
          (resetting.what === "pin"
            ? C.resetPinTitle(resetting.member.name)
            : C.resetPasswordTitle(resetting.member.name))
        }
        open={resetting !== null}
        okText={C.ok}
        cancelText={C.cancel}
        confirmLoading={busy}
        onOk={() => void reset().catch(() => {})}
        onCancel={() => setResetting(null)}
        destroyOnHidden
      >
        {resetting?.what === "password" && (
          <Typography.Paragraph type="secondary">{C.resetPasswordNote}</Typography.Paragraph>
        )}
        <Form form={resetForm} layout="vertical" preserve={false}>
          {resetting?.what === "pin" ? (
            <Form.Item
              name="value"
              label={C.newPin}
              extra={C.form.pinHelp}
              rules={[{ required: true, pattern: PIN_PATTERN, message: C.form.pinHelp }]}
            >
              <Input inputMode="numeric" maxLength={6} autoComplete="off" />
            </Form.Item>
          ) : (
            <Form.Item
              name="value"
              label={C.newPassword}
              rules={[{ required: true, min: PASSWORD_MIN, message: C.form.passwordHelp }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </div>
  );
}
