import {
  AWARD_TYPE,
  type ConsoleRechargeRule,
  GIFT_TYPE,
  type RechargeRuleBody,
  rechargeRuleText,
  yuanToCents,
} from "@tablemate/core";
import { Button, Form, InputNumber, Radio, Space, Switch, Typography } from "antd";
import { useEffect, useState } from "react";
import { membersApi } from "../../api/members.js";
import { MEMBERS_COPY as C, COMMON_COPY } from "../../copy/index.js";
import { useWorkplace } from "../session/session-store.js";
import { useLoad } from "../staff/use-load.js";
import {
  AMOUNT_RULE,
  EnableButton,
  enabledColumn,
  FormDialog,
  REQUIRED_AMOUNT,
  TabHead,
  TabTable,
  useSaveCall,
  YuanInput,
} from "./settings-tab.js";

const F = C.ruleForm;

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
  const [form] = Form.useForm<RuleValues>();
  const watched = Form.useWatch([], form) as Partial<RuleValues> | undefined;
  const awardType = watched?.awardType;
  const text = watched ? preview(watched) : null;
  // the form shows the rule being edited, or a new one's defaults, each time it opens
  useEffect(() => {
    if (open) form.setFieldsValue(editing ? valuesOf(editing) : NEW_RULE);
  }, [open, editing, form]);

  const send = (values: RuleValues) =>
    editing
      ? membersApi.editRule(rid, editing.id, {
          ...bodyOf(values),
          enabled: values.enabled,
          version: editing.version,
        })
      : membersApi.createRule(rid, bodyOf(values));
  return (
    <FormDialog
      form={form}
      open={open}
      title={editing ? C.editRule : C.newRule}
      send={send}
      saved={() => close(true)}
      // someone saved first: the list is read again, the form shows what was typed
      conflict={() => close(true)}
      cancel={() => close(false)}
      testId="rule-form"
    >
      <div className="members-form-row">
        <Form.Item name="rechargeMoney" label={F.rechargeMoney} rules={[REQUIRED_AMOUNT, AMOUNT_RULE]}>
          <YuanInput data-testid="rule-recharge" />
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
          <Form.Item name="giftMoney" label={F.giftMoney} rules={[AMOUNT_RULE]}>
            <YuanInput data-testid="rule-gift" />
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
        <Typography.Text type="secondary">
          {F.preview}
          {COMMON_COPY.colon}
        </Typography.Text>
        <Typography.Text strong>{text ?? C.none}</Typography.Text>
      </Typography.Paragraph>
    </FormDialog>
  );
}

/** 充值规则: the rules by amount in the diner's words (充500送50), new, edit, 停用 / 启用. */
export default function RechargeRulesTab() {
  const { restaurantId } = useWorkplace();
  const saveCall = useSaveCall();
  const { data, loading, reload } = useLoad(() => membersApi.rules(restaurantId), restaurantId);
  const [form, setForm] = useState<{ editing: ConsoleRechargeRule | null } | null>(null);

  // read again whatever the answer: a refusal may be a version someone else moved on
  const toggle = async (r: ConsoleRechargeRule) => {
    await saveCall(() =>
      membersApi.editRule(restaurantId, r.id, {
        ...bodyOf(valuesOf(r)),
        enabled: !r.enabled,
        version: r.version,
      }),
    );
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
    enabledColumn<ConsoleRechargeRule>(C.ruleColumns.status, 84),
    {
      title: C.ruleColumns.actions,
      key: "actions",
      width: 132,
      render: (_: unknown, r: ConsoleRechargeRule) => (
        <Space size={4}>
          <Button size="small" onClick={() => setForm({ editing: r })} data-testid={`edit-rule-${r.id}`}>
            {C.edit}
          </Button>
          <EnableButton enabled={r.enabled} toggle={() => toggle(r)} testId={`toggle-rule-${r.id}`} />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="rules-tab">
      <TabHead
        title={C.rulesHeading}
        hint={C.rulesHint}
        reload={reload}
        newText={C.newRule}
        onNew={() => setForm({ editing: null })}
        newTestId="new-rule"
      />
      <TabTable<ConsoleRechargeRule> testId="rules" rows={data} loading={loading} columns={columns} dimOff />
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
