import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import {
  AWARD_TYPE,
  type ConsoleRechargeRule,
  GIFT_TYPE,
  type RechargeRuleBody,
  rechargeRuleText,
  yuanToCents,
} from "@tablemate/core";
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from "antd";
import { useEffect, useState } from "react";
import { membersApi } from "../../api/members.js";
import { isConflict } from "../../api/menu.js";
import { MEMBERS_COPY as C } from "../../copy/index.js";
import { useWorkplace } from "../session/session-store.js";
import { failure, useLoad } from "../staff/use-load.js";

const F = C.ruleForm;
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

interface RuleValues {
  rechargeMoney: string;
  giftType: 1 | 2;
  awardType: 1 | 2;
  giftMoney?: string;
  giftPercent?: number;
  giftPoints?: number;
  custom: boolean;
  enabled: boolean;
}

const NEW_RULE: RuleValues = {
  rechargeMoney: "",
  giftType: 1,
  awardType: 1,
  giftMoney: "",
  giftPercent: undefined,
  giftPoints: 0,
  custom: false,
  enabled: true,
};

const bodyOf = (v: RuleValues): RechargeRuleBody => ({
  rechargeMoney: v.rechargeMoney.trim(),
  giftType: v.giftType,
  awardType: v.awardType,
  giftMoney: v.awardType === AWARD_TYPE.cents ? v.giftMoney?.trim() || "0" : null,
  giftPercent: v.awardType === AWARD_TYPE.percent ? (v.giftPercent ?? 0) : null,
  giftPoints: v.giftPoints ?? 0,
  custom: v.custom,
});

const valuesOf = (r: ConsoleRechargeRule): RuleValues => ({
  rechargeMoney: r.rechargeMoney,
  giftType: r.giftType === GIFT_TYPE.perMultiple ? 2 : 1,
  awardType: r.awardType === AWARD_TYPE.percent ? 2 : 1,
  giftMoney: r.giftMoney ?? undefined,
  giftPercent: r.giftPercent ?? undefined,
  giftPoints: r.giftPoints,
  custom: r.custom,
  enabled: r.enabled,
});

/** What the diner will read (core's rechargeRuleText), while the form is typed; null until it is a rule. */
function preview(v: Partial<RuleValues>): string | null {
  if (!v.rechargeMoney?.trim()) return null;
  try {
    const percent = v.awardType === AWARD_TYPE.percent;
    const giftMoney = percent ? (v.giftPercent ?? 0) : yuanToCents(v.giftMoney?.trim() || "0");
    return rechargeRuleText({
      ruleId: "preview",
      rechargeMoney: yuanToCents(v.rechargeMoney.trim()),
      giftMoney,
      giftPoints: v.giftPoints ?? 0,
      giftType: v.giftType === GIFT_TYPE.perMultiple ? 2 : 1,
      awardType: percent ? 2 : 1,
    });
  } catch {
    return null;
  }
}

/** 新建 / 编辑充值规则 (an edit is sent over the version shown; 409 when someone saved first). */
function RuleForm({
  rid,
  editing,
  open,
  close,
}: {
  rid: number;
  editing: ConsoleRechargeRule | null;
  open: boolean;
  close(saved: boolean): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RuleValues>();
  const [saving, setSaving] = useState(false);
  const watched = Form.useWatch([], form) as Partial<RuleValues> | undefined;
  const awardType = watched?.awardType;
  const text = watched ? preview(watched) : null;
  // the form shows the rule being edited, or a new one's defaults, each time it opens
  useEffect(() => {
    if (open) form.setFieldsValue(editing ? valuesOf(editing) : NEW_RULE);
  }, [open, editing, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const body = bodyOf(values);
      if (editing)
        await membersApi.editRule(rid, editing.id, {
          ...body,
          enabled: values.enabled,
          version: editing.version,
        });
      else await membersApi.createRule(rid, body);
      void message.success(C.saved);
      close(true);
    } catch (error) {
      void message.error(failure(error));
      // someone saved first: the list is read again, the form shows what was typed
      if (isConflict(error)) close(true);
    } finally {
      setSaving(false);
    }
  };
  const amount = { pattern: AMOUNT, message: C.templateForm.amountRule };
  return (
    <Modal
      open={open}
      title={editing ? C.editRule : C.newRule}
      okText={C.ok}
      cancelText={C.cancel}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => close(false)}
      forceRender
      data-testid="rule-form"
    >
      <Form form={form} layout="vertical">
        <div className="members-form-row">
          <Form.Item
            name="rechargeMoney"
            label={F.rechargeMoney}
            rules={[{ required: true, message: C.templateForm.amountRule }, amount]}
          >
            <Input prefix="¥" inputMode="decimal" data-testid="rule-recharge" />
          </Form.Item>
          <Form.Item name="giftType" label={F.giftType}>
            <Radio.Group
              optionType="button"
              options={[1, 2].map((t) => ({ value: t, label: C.giftTypes[t] }))}
            />
          </Form.Item>
        </div>
        <div className="members-form-row">
          <Form.Item name="awardType" label={F.awardType}>
            <Radio.Group
              optionType="button"
              options={[1, 2].map((t) => ({ value: t, label: C.awardTypes[t] }))}
            />
          </Form.Item>
          {awardType === AWARD_TYPE.percent ? (
            <Form.Item name="giftPercent" label={F.giftPercent}>
              <InputNumber
                min={0}
                max={100}
                precision={0}
                style={{ width: "100%" }}
                data-testid="rule-percent"
              />
            </Form.Item>
          ) : (
            <Form.Item name="giftMoney" label={F.giftMoney} rules={[amount]}>
              <Input prefix="¥" inputMode="decimal" data-testid="rule-gift" />
            </Form.Item>
          )}
          <Form.Item name="giftPoints" label={F.giftPoints}>
            <InputNumber min={0} precision={0} style={{ width: "100%" }} data-testid="rule-points" />
          </Form.Item>
        </div>
        <Space size={24} wrap>
          <Form.Item name="custom" label={F.custom} valuePropName="checked">
            <Switch />
          </Form.Item>
          {editing && (
            <Form.Item name="enabled" label={C.enable} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </Space>
        <Typography.Paragraph data-testid="rule-preview">
          <Typography.Text type="secondary">{F.preview}：</Typography.Text>
          <Typography.Text strong>{text ?? C.none}</Typography.Text>
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}

/** 充值规则: the rules by amount in the diner's words (充500送50), new, edit, 停用 / 启用. */
export default function RechargeRulesTab() {
  const { restaurantId } = useWorkplace();
  const { message } = App.useApp();
  const { data, loading, reload } = useLoad(() => membersApi.rules(restaurantId), restaurantId);
  const [form, setForm] = useState<{ editing: ConsoleRechargeRule | null } | null>(null);

  const toggle = async (r: ConsoleRechargeRule) => {
    try {
      await membersApi.editRule(restaurantId, r.id, {
        ...bodyOf(valuesOf(r)),
        enabled: !r.enabled,
        version: r.version,
      });
      void message.success(C.saved);
    } catch (error) {
      void message.error(failure(error));
    }
    reload();
  };

  const columns = [
    {
      title: C.ruleColumns.text,
      dataIndex: "text",
      render: (text: string) => <Typography.Text strong>{text}</Typography.Text>,
    },
    {
      title: C.ruleColumns.giftType,
      key: "giftType",
      render: (_: unknown, r: ConsoleRechargeRule) =>
        `${C.giftTypes[r.giftType]} · ${C.awardTypes[r.awardType]}`,
    },
    { title: C.ruleColumns.points, dataIndex: "giftPoints", width: 88, align: "right" as const },
    {
      title: C.ruleColumns.custom,
      dataIndex: "custom",
      width: 96,
      render: (custom: boolean) => (custom ? C.yes : C.no),
    },
    {
      title: C.ruleColumns.status,
      dataIndex: "enabled",
      width: 84,
      render: (enabled: boolean) =>
        enabled ? <Tag color="green">{C.enabled}</Tag> : <Tag>{C.disabled}</Tag>,
    },
    {
      title: C.ruleColumns.actions,
      key: "actions",
      width: 132,
      render: (_: unknown, r: ConsoleRechargeRule) => (
        <Space size={4}>
          <Button size="small" onClick={() => setForm({ editing: r })} data-testid={`edit-rule-${r.id}`}>
            {C.edit}
          </Button>
          <Button
            size="small"
            danger={r.enabled}
            onClick={() => void toggle(r)}
            data-testid={`toggle-rule-${r.id}`}
          >
            {r.enabled ? C.disable : C.enable}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="rules-tab">
      <div className="members-toolbar">
        <div>
          <Typography.Title level={5} className="members-heading">
            {C.rulesHeading}
          </Typography.Title>
          <Typography.Text type="secondary">{C.rulesHint}</Typography.Text>
        </div>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={reload}>
            {C.refresh}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setForm({ editing: null })}
            data-testid="new-rule"
          >
            {C.newRule}
          </Button>
        </Space>
      </div>
      <Table<ConsoleRechargeRule>
        data-testid="rules"
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={data ?? []}
        columns={columns}
        pagination={false}
        rowClassName={(r) => (r.enabled ? "" : "members-row-off")}
      />
      <RuleForm
        rid={restaurantId}
        editing={form?.editing ?? null}
        open={form !== null}
        close={(saved) => {
          setForm(null);
          if (saved) reload();
        }}
      />
    </div>
  );
}
