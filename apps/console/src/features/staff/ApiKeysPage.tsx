import { CopyOutlined, KeyOutlined, PlusOutlined } from "@ant-design/icons";
import { API_KEY_ROLES, type ApiKeyRole, type ApiKeyView } from "@tablemate/core";
import { Alert, App, Button, Form, Input, Modal, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import * as api from "../../api/staff.js";
import { API_KEYS_COPY, COMMON_COPY } from "../../copy/index.js";
import { copyText } from "../../copy-text.js";
import { FormSelect } from "../forms/FormSelect.js";
import { useWorkplace } from "../session/session-store.js";
import { failure, shortTime, useLoad } from "./use-load.js";
import "./staff.css";

const C = API_KEYS_COPY;

/** /console/api-keys: the restaurant's keys for integrations; a new key shown once; revoke (apiKeys.write). */
export default function ApiKeysPage() {
  const { restaurantId } = useWorkplace();
  const { message, modal } = App.useApp();
  const { data, loading, reload } = useLoad(() => api.listApiKeys(restaurantId), restaurantId);
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [form] = Form.useForm<{ name: string; role: ApiKeyRole }>();

  const create = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const answer = await api.createApiKey(restaurantId, { name: values.name.trim(), role: values.role });
      setCreating(false);
      setCreated({ name: answer.apiKey.name, secret: answer.secret });
      reload();
    } catch (error) {
      void message.error(failure(error));
    } finally {
      setBusy(false);
    }
  };

  const copy = (secret: string) => {
    if (copyText(secret)) void message.success(C.copied);
    else void message.warning(C.copyFailed);
  };

  const revoke = (key: ApiKeyView) =>
    modal.confirm({
      title: C.revokeConfirm(key.name),
      okText: C.revoke,
      okButtonProps: { danger: true },
      cancelText: C.cancel,
      onOk: async () => {
        try {
          await api.revokeApiKey(restaurantId, key.id);
          void message.success(C.revokedDone);
          reload();
        } catch (error) {
          void message.error(failure(error));
        }
      },
    });

  const columns = [
    { title: C.columns.name, dataIndex: "name" },
    {
      title: C.columns.prefix,
      dataIndex: "prefix",
      render: (prefix: string) => <Typography.Text code>{`${prefix}…`}</Typography.Text>,
    },
    { title: C.columns.role, dataIndex: "role", render: (role: ApiKeyRole) => COMMON_COPY.roles[role] },
    { title: C.columns.createdAt, dataIndex: "createdAt", render: shortTime },
    { title: C.columns.createdBy, dataIndex: "createdBy", render: (by: string | null) => by ?? "—" },
    {
      title: C.columns.lastUsedAt,
      dataIndex: "lastUsedAt",
      render: (at: string | null) =>
        at ? shortTime(at) : <Typography.Text type="secondary">{C.never}</Typography.Text>,
    },
    {
      title: C.columns.status,
      dataIndex: "revokedAt",
      render: (at: string | null) =>
        at ? <Tag>{`${C.revoked} ${shortTime(at)}`}</Tag> : <Tag color="green">{C.active}</Tag>,
    },
    {
      title: C.columns.actions,
      key: "actions",
      render: (_: unknown, key: ApiKeyView) =>
        key.revokedAt ? null : (
          <Button size="small" danger onClick={() => revoke(key)}>
            {C.revoke}
          </Button>
        ),
    },
  ];

  return (
    <div data-testid="api-keys-page">
      <div className="staff-toolbar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {C.heading}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {C.create}
        </Button>
      </div>
      <Typography.Paragraph type="secondary">{C.intro}</Typography.Paragraph>
      <Table<ApiKeyView>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: "max-content" }}
      />
      <Modal
        title={C.create}
        open={creating}
        okText={C.ok}
        cancelText={C.cancel}
        confirmLoading={busy}
        onOk={() => void create().catch(() => {})}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ role: "cashier" }} preserve={false}>
          <Form.Item
            name="name"
            label={C.form.name}
            rules={[{ required: true, whitespace: true, max: 20, message: C.form.required }]}
          >
            <Input placeholder={C.form.namePlaceholder} maxLength={20} />
          </Form.Item>
          <Form.Item name="role" label={C.form.role} rules={[{ required: true }]}>
            <FormSelect
              options={API_KEY_ROLES.map((role) => ({ value: role, label: COMMON_COPY.roles[role] }))}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={
          <Space>
            <KeyOutlined />
            {C.createdTitle}
          </Space>
        }
        open={created !== null}
        // the key leaves the page once closed: it is shown this once
        destroyOnHidden
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={
          <Button type="primary" onClick={() => setCreated(null)}>
            {C.done}
          </Button>
        }
      >
        <Alert type="warning" showIcon message={C.createdNote} style={{ marginBottom: 12 }} />
        <Typography.Paragraph strong>{created?.name}</Typography.Paragraph>
        <Space.Compact style={{ width: "100%" }}>
          <Input readOnly value={created?.secret} className="api-key-secret" data-testid="api-key-secret" />
          <Button icon={<CopyOutlined />} onClick={() => created && copy(created.secret)}>
            {C.copy}
          </Button>
        </Space.Compact>
      </Modal>
    </div>
  );
}
