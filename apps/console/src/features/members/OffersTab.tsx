import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import type { ConsoleOffer } from "@tablemate/core";
import { App, Button, Form, Input, Modal, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { membersApi } from "../../api/members.js";
import { MEMBERS_COPY as C } from "../../copy/index.js";
import { useWorkplace } from "../session/session-store.js";
import { failure, useLoad } from "../staff/use-load.js";

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/** 满减: the restaurant's full-reduction offers (满100减10), a new one, 停用 / 启用. */
export default function OffersTab() {
  const { restaurantId } = useWorkplace();
  const { message } = App.useApp();
  const { data, loading, reload } = useLoad(() => membersApi.offers(restaurantId), restaurantId);
  const [form] = Form.useForm<{ threshold: string; reduction: string }>();
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await membersApi.createOffer(restaurantId, {
        threshold: values.threshold.trim(),
        reduction: values.reduction.trim(),
      });
      void message.success(C.saved);
      setCreating(false);
      form.resetFields();
      reload();
    } catch (error) {
      void message.error(failure(error));
    } finally {
      setSaving(false);
    }
  };

  const toggle = async (o: ConsoleOffer) => {
    try {
      await membersApi.setOfferEnabled(restaurantId, o.id, !o.enabled);
      void message.success(C.saved);
      reload();
    } catch (error) {
      void message.error(failure(error));
    }
  };

  const amount = [
    { required: true, message: C.templateForm.amountRule },
    { pattern: AMOUNT, message: C.templateForm.amountRule },
  ];
  const columns = [
    {
      title: C.offerColumns.text,
      dataIndex: "text",
      render: (text: string) => <Typography.Text strong>{text}</Typography.Text>,
    },
    {
      title: C.offerColumns.status,
      dataIndex: "enabled",
      width: 96,
      render: (enabled: boolean) =>
        enabled ? <Tag color="green">{C.enabled}</Tag> : <Tag>{C.disabled}</Tag>,
    },
    {
      title: C.offerColumns.actions,
      key: "actions",
      width: 96,
      render: (_: unknown, o: ConsoleOffer) => (
        <Button
          size="small"
          danger={o.enabled}
          onClick={() => void toggle(o)}
          data-testid={`toggle-offer-${o.id}`}
        >
          {o.enabled ? C.disable : C.enable}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="offers-tab">
      <div className="members-toolbar">
        <div>
          <Typography.Title level={5} className="members-heading">
            {C.offersHeading}
          </Typography.Title>
          <Typography.Text type="secondary">{C.offersHint}</Typography.Text>
        </div>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={reload}>
            {C.refresh}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="new-offer"
          >
            {C.newOffer}
          </Button>
        </Space>
      </div>
      <Table<ConsoleOffer>
        data-testid="offers"
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={data ?? []}
        columns={columns}
        pagination={false}
        rowClassName={(o) => (o.enabled ? "" : "members-row-off")}
      />
      <Modal
        open={creating}
        title={C.newOffer}
        okText={C.ok}
        cancelText={C.cancel}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setCreating(false)}
        forceRender
        data-testid="offer-form"
      >
        <Form form={form} layout="vertical">
          <div className="members-form-row">
            <Form.Item name="threshold" label={C.offerForm.threshold} rules={amount}>
              <Input prefix="¥" inputMode="decimal" data-testid="offer-threshold" />
            </Form.Item>
            <Form.Item name="reduction" label={C.offerForm.reduction} rules={amount}>
              <Input prefix="¥" inputMode="decimal" data-testid="offer-reduction" />
            </Form.Item>
          </div>
        </Form>
      </Modal>
    </div>
  );
}
