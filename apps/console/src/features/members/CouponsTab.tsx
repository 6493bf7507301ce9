import { randomKey } from "@tablemate/client";
import {
  CARD_STATUS,
  COUPON_TYPE,
  type ConsoleMember,
  type CouponTemplateBody,
  type CouponTemplateView,
  VALIDITY_TYPE,
} from "@tablemate/core";
import {
  App,
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { membersApi } from "../../api/members.js";
import { menuApi } from "../../api/menu.js";
import { MEMBERS_COPY as C } from "../../copy/index.js";
import { FormSelect } from "../forms/FormSelect.js";
import { useWorkplace } from "../session/session-store.js";
import { failure, useLoad } from "../staff/use-load.js";
import {
  AMOUNT_RULE,
  EnableButton,
  FormDialog,
  TabHead,
  TabTable,
  useSaveCall,
  YuanInput,
} from "./settings-tab.js";

const F = C.templateForm;

interface TemplateValues {
  name: string;
  couponType: 1 | 2;
  face?: string;
  dishId?: number;
  minSpend?: string;
  validityType: 1 | 2 | 3;
  effectiveTime?: number;
  validityDays?: number;
  startTime?: string;
  endTime?: string;
  /** 0: none */
  openCardActivity: 0 | 1 | 2 | 3;
}

/** 有效期 in words: 长期有效, 领取当天起 7 天, 2026-05-01 至 2026-05-31 */
function validityText(t: CouponTemplateView): string {
  if (t.validityType === VALIDITY_TYPE.daysAfterGiven)
    return C.validity.days(t.effectiveTime ?? 0, t.validityDays ?? 0);
  if (t.validityType === VALIDITY_TYPE.dateRange) return C.validity.range(t.startTime ?? "", t.endTime ?? "");
  return C.validity[1];
}

function valueText(t: CouponTemplateView): string {
  if (t.couponType === COUPON_TYPE.goods) {
    const dish = t.dishName ?? String(t.dishId);
    return t.face === null ? C.wholeDish(dish) : C.dishUpTo(dish, t.face);
  }
  return `¥${t.face}`;
}

const bodyOf = (v: TemplateValues): CouponTemplateBody => ({
  name: v.name.trim(),
  couponType: v.couponType,
  face: v.face?.trim() ? v.face.trim() : null,
  dishId: v.couponType === COUPON_TYPE.goods ? (v.dishId ?? null) : null,
  minSpend: v.minSpend?.trim() || "0",
  validityType: v.validityType,
  effectiveTime: v.validityType === VALIDITY_TYPE.daysAfterGiven ? (v.effectiveTime ?? 0) : null,
  validityDays: v.validityType === VALIDITY_TYPE.daysAfterGiven ? (v.validityDays ?? null) : null,
  startTime: v.validityType === VALIDITY_TYPE.dateRange ? (v.startTime?.trim() ?? null) : null,
  endTime: v.validityType === VALIDITY_TYPE.dateRange ? (v.endTime?.trim() ?? null) : null,
  openCardActivity: v.openCardActivity === 0 ? null : v.openCardActivity,
});

/** 新建优惠券: the template's form; a goods voucher picks one of the restaurant's dishes. */
function TemplateForm({ rid, open, close }: { rid: number; open: boolean; close(saved: boolean): void }) {
  const [form] = Form.useForm<TemplateValues>();
  const couponType = Form.useWatch("couponType", form);
  const validityType = Form.useWatch("validityType", form);
  const { data: menu } = useLoad(() => menuApi.menu(rid), rid);

  return (
    <FormDialog
      form={form}
      open={open}
      title={C.newTemplate}
      send={(values) => membersApi.createTemplate(rid, bodyOf(values))}
      saved={() => {
        form.resetFields();
        close(true);
      }}
      cancel={() => close(false)}
      testId="template-form"
      initialValues={{ couponType: 1, validityType: 1, effectiveTime: 0, openCardActivity: 0 }}
    >
      <Form.Item
        name="name"
        label={F.name}
        rules={[{ required: true, whitespace: true, max: 20, message: F.nameRule }]}
      >
        <Input maxLength={20} data-testid="template-name" />
      </Form.Item>
      <Form.Item name="couponType" label={F.couponType}>
        <Radio.Group
          optionType="button"
          options={[COUPON_TYPE.cash, COUPON_TYPE.goods].map((t) => ({
            value: t,
            label: C.couponTypes[t],
          }))}
        />
      </Form.Item>
      <div className="members-form-row">
        {couponType === COUPON_TYPE.goods && (
          <Form.Item name="dishId" label={F.dish} rules={[{ required: true, message: F.dishRule }]}>
            <FormSelect
              showSearch
              optionFilterProp="label"
              options={(menu?.dishes ?? []).map((d) => ({ value: d.id, label: d.name }))}
              data-testid="template-dish"
            />
          </Form.Item>
        )}
        <Form.Item
          name="face"
          label={couponType === COUPON_TYPE.goods ? F.faceGoods : F.face}
          rules={[{ required: couponType !== COUPON_TYPE.goods, message: F.amountRule }, AMOUNT_RULE]}
        >
          <YuanInput data-testid="template-face" />
        </Form.Item>
        <Form.Item name="minSpend" label={F.minSpend} rules={[AMOUNT_RULE]}>
          <YuanInput data-testid="template-min-spend" />
        </Form.Item>
      </div>
      <Form.Item name="validityType" label={F.validityType}>
        <Radio.Group
          optionType="button"
          options={[1, 2, 3].map((t) => ({ value: t, label: F.validityTypes[t] }))}
        />
      </Form.Item>
      {validityType === VALIDITY_TYPE.daysAfterGiven && (
        <div className="members-form-row">
          <Form.Item name="effectiveTime" label={F.effectiveTime}>
            <InputNumber min={0} max={365} precision={0} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item
            name="validityDays"
            label={F.validityDays}
            rules={[{ required: true, message: F.validityDays }]}
          >
            <InputNumber
              min={1}
              max={3650}
              precision={0}
              style={{ width: "100%" }}
              data-testid="template-days"
            />
          </Form.Item>
        </div>
      )}
      {validityType === VALIDITY_TYPE.dateRange && (
        <div className="members-form-row">
          <Form.Item name="startTime" label={F.startTime} rules={[{ required: true, message: F.dateHint }]}>
            <Input placeholder={F.dateHint} />
          </Form.Item>
          <Form.Item name="endTime" label={F.endTime} rules={[{ required: true, message: F.dateHint }]}>
            <Input placeholder={F.dateHint} />
          </Form.Item>
        </div>
      )}
      <Form.Item name="openCardActivity" label={F.openCard}>
        <Select
          options={[
            { value: 0, label: F.noActivity },
            ...[1, 2, 3].map((a) => ({ value: a, label: C.activities[a] })),
          ]}
        />
      </Form.Item>
    </FormDialog>
  );
}

/** 发放: find the member, pick one of their cards here, give one coupon (once: the give id is made when opened). */
function GiveDialog({
  rid,
  template,
  close,
}: {
  rid: number;
  template: CouponTemplateView | null;
  close(given: boolean): void;
}) {
  const { message } = App.useApp();
  const [found, setFound] = useState<ConsoleMember[] | null>(null);
  const [cardId, setCardId] = useState<number | null>(null);
  const [giveId, setGiveId] = useState(randomKey);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFound(null);
    setCardId(null);
    setGiveId(randomKey());
  };
  const search = async (text: string) => {
    if (!text.trim()) return;
    try {
      const members = await membersApi.lookup(rid, text.trim());
      setFound(members);
      const usable = members.flatMap((m) => m.cards).filter((c) => c.status !== CARD_STATUS.frozen);
      setCardId(usable.length === 1 ? (usable[0]?.id ?? null) : null);
    } catch (error) {
      void message.error(failure(error));
    }
  };
  const give = async () => {
    if (!template) return;
    if (cardId === null) {
      void message.warning(C.giveChoose);
      return;
    }
    setBusy(true);
    try {
      const coupon = await membersApi.give(rid, template.id, { cardId, giveId });
      void message.success(coupon.replayed ? C.givenBefore : C.given(coupon.code));
      reset();
      close(true);
    } catch (error) {
      void message.error(failure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={template !== null}
      title={template ? C.giveTitle(template.name) : ""}
      okText={C.give}
      cancelText={C.cancel}
      confirmLoading={busy}
      onOk={() => void give()}
      onCancel={() => {
        reset();
        close(false);
      }}
      destroyOnHidden
      data-testid="give-dialog"
    >
      <Typography.Paragraph type="secondary">{C.giveHint}</Typography.Paragraph>
      <Input.Search
        placeholder={C.searchPlaceholder}
        enterButton={C.search}
        inputMode="numeric"
        onSearch={(text) => void search(text)}
        data-testid="give-search"
      />
      {found?.length === 0 && <Empty description={C.notFound} />}
      <Radio.Group
        className="members-give-cards"
        value={cardId}
        onChange={(e) => setCardId(e.target.value as number)}
        options={(found ?? []).flatMap((m) =>
          m.cards.map((c) => ({
            value: c.id,
            disabled: c.status === CARD_STATUS.frozen,
            label: `${m.name || m.phone} · ${c.cardTypeName} · ${c.cardNum}${
              c.status === CARD_STATUS.frozen ? ` · ${C.cardStatus[CARD_STATUS.frozen]}` : ""
            }`,
          })),
        )}
      />
    </Modal>
  );
}

/** 优惠券: the restaurant's coupon templates, a new one, 停用 / 启用, and 发放 to a member's card. */
export default function CouponsTab() {
  const { restaurantId } = useWorkplace();
  const saveCall = useSaveCall();
  const { data, loading, reload } = useLoad(() => membersApi.templates(restaurantId), restaurantId);
  const [creating, setCreating] = useState(false);
  const [giving, setGiving] = useState<CouponTemplateView | null>(null);

  const toggle = async (t: CouponTemplateView) => {
    if ((await saveCall(() => membersApi.setTemplateEnabled(restaurantId, t.id, !t.enabled))) === "saved")
      reload();
  };

  const columns = [
    {
      title: C.templateColumns.name,
      key: "name",
      render: (_: unknown, t: CouponTemplateView) => (
        <div>
          <div>{t.name}</div>
          <Tag>{C.couponTypes[t.couponType]}</Tag>
          {!t.enabled && <Tag>{C.disabled}</Tag>}
        </div>
      ),
    },
    {
      title: C.templateColumns.value,
      key: "value",
      render: (_: unknown, t: CouponTemplateView) => valueText(t),
    },
    {
      title: C.templateColumns.minSpend,
      dataIndex: "minSpend",
      width: 96,
      render: (yuan: string) => (yuan === "0.00" ? C.noMinSpend : C.minSpend(yuan)),
    },
    {
      title: C.templateColumns.validity,
      key: "validity",
      render: (_: unknown, t: CouponTemplateView) => validityText(t),
    },
    {
      title: C.templateColumns.openCard,
      dataIndex: "openCardActivity",
      width: 92,
      render: (a: number | null) => (a === null ? C.none : C.activities[a]),
    },
    { title: C.templateColumns.given, dataIndex: "given", width: 72, align: "right" as const },
    {
      title: C.templateColumns.actions,
      key: "actions",
      width: 132,
      render: (_: unknown, t: CouponTemplateView) => (
        <Space size={4} wrap>
          {t.enabled && (
            <Button size="small" type="primary" onClick={() => setGiving(t)} data-testid={`give-${t.id}`}>
              {C.give}
            </Button>
          )}
          <EnableButton enabled={t.enabled} toggle={() => toggle(t)} testId={`toggle-${t.id}`} />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="coupons-tab">
      <TabHead
        title={C.couponsHeading}
        reload={reload}
        newText={C.newTemplate}
        onNew={() => setCreating(true)}
        newTestId="new-template"
      />
      <TabTable<CouponTemplateView>
        testId="templates"
        rows={data}
        loading={loading}
        columns={columns}
        dimOff
      />
      <TemplateForm
        rid={restaurantId}
        open={creating}
        close={(saved) => {
          setCreating(false);
          if (saved) reload();
        }}
      />
      <GiveDialog
        rid={restaurantId}
        template={giving}
        close={(given) => {
          setGiving(null);
          if (given) reload();
        }}
      />
    </div>
  );
}
