import {
  type CardTypeBody,
  type ConsoleCardType,
  MEMBER_PRIVILEGES,
  memberDayText,
  privilegeText,
} from "@tablemate/core";
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Switch, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { membersApi } from "../../api/members.js";
import { MEMBERS_COPY as C, COMMON_COPY } from "../../copy/index.js";
import { useWorkplace } from "../session/session-store.js";
import { useLoad } from "../staff/use-load.js";
import { FormDialog, TabHead, TabTable } from "./settings-tab.js";

const F = C.typeForm;
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

interface TypeValues {
  name: string;
  isVipPrice: boolean;
  chargeFlag: boolean;
  pointsPerYuan: number;
  centsPerPoint: number;
  rights: number[];
  isDefault: boolean;
  enabled: boolean;
  memberDayOn: boolean;
  weekdays: number[];
  monthDays: number[];
  percent?: number;
}

const NEW_TYPE: TypeValues = {
  name: "",
  isVipPrice: true,
  chargeFlag: true,
  pointsPerYuan: 1,
  centsPerPoint: 1,
  rights: [1, 2, 4, 6, 7, 8],
  isDefault: false,
  enabled: true,
  memberDayOn: false,
  weekdays: [],
  monthDays: [],
};

const bodyOf = (v: TypeValues): CardTypeBody => ({
  name: v.name.trim(),
  isVipPrice: v.isVipPrice,
  chargeFlag: v.chargeFlag,
  pointsPerYuan: v.pointsPerYuan,
  centsPerPoint: v.centsPerPoint,
  rights: v.rights,
  isDefault: v.isDefault,
  enabled: v.enabled,
  memberDay: v.memberDayOn ? { weekdays: v.weekdays, monthDays: v.monthDays, percent: v.percent ?? 0 } : null,
});

const valuesOf = (t: ConsoleCardType): TypeValues => ({
  name: t.name,
  isVipPrice: t.isVipPrice,
  chargeFlag: t.chargeFlag,
  pointsPerYuan: t.pointsPerYuan,
  centsPerPoint: t.centsPerPoint,
  rights: t.rights,
  isDefault: t.isDefault,
  enabled: t.enabled,
  memberDayOn: t.memberDay !== null,
  weekdays: t.memberDay?.weekdays ?? [],
  monthDays: t.memberDay?.monthDays ?? [],
  percent: t.memberDay?.percent,
});

/** 每周三；每月8日、18日 · 8.8折 */
function memberDayLine(day: NonNullable<ConsoleCardType["memberDay"]>): string {
  const list = (days: string[]) => days.join(COMMON_COPY.listSeparator);
  const days = [
    day.weekdays.length ? C.memberDayWeekly(list(day.weekdays.map(C.weekday))) : "",
    day.monthDays.length ? C.memberDayMonthly(list(day.monthDays.map(C.monthDay))) : "",
  ];
  return `${days.filter(Boolean).join(C.memberDayParts)} · ${day.text}`;
}

/** 新建 / 编辑卡类型: terms, the privileges shown, default, and the member day (its 折 shown as typed). */
function TypeForm({
  rid,
  editing,
  open,
  close,
}: {
  rid: number;
  editing: ConsoleCardType | null;
  open: boolean;
  close(saved: boolean): void;
}) {
  const [form] = Form.useForm<TypeValues>();
  const memberDayOn = Form.useWatch("memberDayOn", form);
  const percent = Form.useWatch("percent", form);
  // the form shows the type being edited, or a new one's defaults, each time it opens
  useEffect(() => {
    if (open) form.setFieldsValue(editing ? valuesOf(editing) : NEW_TYPE);
  }, [open, editing, form]);

  const send = (values: TypeValues) =>
    editing
      ? membersApi.editCardType(rid, editing.id, { ...bodyOf(values), version: editing.version })
      : membersApi.createCardType(rid, bodyOf(values));
  const someDay = {
    validator: async () => {
      const { memberDayOn: on, weekdays, monthDays } = form.getFieldsValue();
      if (on && (weekdays?.length ?? 0) + (monthDays?.length ?? 0) === 0) throw new Error(F.daysRule);
    },
  };
  return (
    <FormDialog
      form={form}
      open={open}
      title={editing ? C.editCardType : C.newCardType}
      send={send}
      saved={() => close(true)}
      conflict={() => close(true)}
      cancel={() => close(false)}
      width={640}
      testId="card-type-form"
    >
      <Form.Item
        name="name"
        label={F.name}
        rules={[{ required: true, whitespace: true, max: 20, message: F.nameRule }]}
      >
        <Input maxLength={20} data-testid="card-type-name" />
      </Form.Item>
      <Space size={24} wrap>
        <Form.Item name="isVipPrice" label={F.isVipPrice} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="chargeFlag" label={F.chargeFlag} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="isDefault" label={F.isDefault} valuePropName="checked">
          <Switch data-testid="card-type-default" />
        </Form.Item>
        <Form.Item name="enabled" label={F.enabled} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <div className="members-form-row">
        <Form.Item name="pointsPerYuan" label={F.pointsPerYuan}>
          <InputNumber min={0} max={1000} precision={0} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="centsPerPoint" label={F.centsPerPoint}>
          <InputNumber min={0} max={10_000} precision={0} style={{ width: "100%" }} />
        </Form.Item>
      </div>
      <Form.Item name="rights" label={F.rights}>
        <Checkbox.Group
          className="members-rights"
          options={MEMBER_PRIVILEGES.map((p) => ({
            value: p.id,
            label: privilegeText(p.id) ?? String(p.id),
          }))}
        />
      </Form.Item>
      <Form.Item name="memberDayOn" label={F.memberDayOn} valuePropName="checked">
        <Switch data-testid="member-day-on" />
      </Form.Item>
      {memberDayOn && (
        <div className="members-member-day">
          <Form.Item
            name="weekdays"
            label={F.weekdays}
            rules={[someDay]}
            dependencies={["monthDays", "memberDayOn"]}
          >
            <Checkbox.Group options={C.weekdays.map((label, i) => ({ value: i + 1, label }))} />
          </Form.Item>
          <Form.Item name="monthDays" label={F.monthDays}>
            <Select
              mode="multiple"
              allowClear
              options={MONTH_DAYS.map((d) => ({ value: d, label: C.monthDay(d) }))}
              data-testid="member-day-month"
            />
          </Form.Item>
          <Form.Item
            name="percent"
            label={F.percent}
            rules={[{ required: true, type: "integer", min: 1, max: 99, message: F.percentRule }]}
            extra={
              typeof percent === "number" && percent >= 1 && percent <= 99 ? memberDayText(percent) : null
            }
          >
            <InputNumber
              min={1}
              max={99}
              precision={0}
              style={{ width: 160 }}
              data-testid="member-day-percent"
            />
          </Form.Item>
        </div>
      )}
    </FormDialog>
  );
}

/** 会员卡设置: the restaurant's card types, their terms, privileges and member days; new and edit. */
export default function CardTypesTab() {
  const { restaurantId } = useWorkplace();
  const { data, loading, reload } = useLoad(() => membersApi.cardTypes(restaurantId), restaurantId);
  const [form, setForm] = useState<{ editing: ConsoleCardType | null } | null>(null);

  const columns = [
    {
      title: C.typeColumns.name,
      key: "name",
      render: (_: unknown, t: ConsoleCardType) => (
        <Space size={4} wrap>
          <Typography.Text strong>{t.name}</Typography.Text>
          {t.isDefault && <Tag color="blue">{C.defaultTag}</Tag>}
          {!t.enabled && <Tag>{C.disabled}</Tag>}
        </Space>
      ),
    },
    {
      title: `${C.typeColumns.vip} / ${C.typeColumns.charge}`,
      key: "terms",
      width: 116,
      render: (_: unknown, t: ConsoleCardType) =>
        `${t.isVipPrice ? C.yes : C.no} / ${t.chargeFlag ? C.yes : C.no}`,
    },
    {
      title: C.typeColumns.points,
      key: "points",
      width: 150,
      render: (_: unknown, t: ConsoleCardType) => C.pointsRule(t.pointsPerYuan, t.centsPerPoint),
    },
    {
      title: C.typeColumns.rights,
      dataIndex: "rights",
      render: (rights: number[]) => (
        <div className="members-rights-tags">
          {rights.map((id) => (
            <Tag key={id}>{privilegeText(id)}</Tag>
          ))}
        </div>
      ),
    },
    {
      title: C.typeColumns.memberDay,
      dataIndex: "memberDay",
      width: 140,
      render: (day: ConsoleCardType["memberDay"]) => (day ? memberDayLine(day) : C.noMemberDay),
    },
    { title: C.typeColumns.cards, dataIndex: "cards", width: 72, align: "right" as const },
    {
      title: C.typeColumns.actions,
      key: "actions",
      width: 72,
      render: (_: unknown, t: ConsoleCardType) => (
        <Button size="small" onClick={() => setForm({ editing: t })} data-testid={`edit-type-${t.id}`}>
          {C.edit}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="card-types-tab">
      <TabHead
        title={C.cardTypesHeading}
        hint={C.cardTypesHint}
        reload={reload}
        newText={C.newCardType}
        onNew={() => setForm({ editing: null })}
        newTestId="new-card-type"
      />
      <TabTable<ConsoleCardType> testId="card-types" rows={data} loading={loading} columns={columns} />
      <TypeForm
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
