import { type ConsoleSettings, consoleSettingsInputSchema, MAX_DELIVERY_MINUTES } from "@tablemate/core";
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Spin,
  Switch,
} from "antd";
import { useCallback, useEffect, useState } from "react";
import { isConflict, menuApi } from "../../api/menu.js";
import { SETTINGS_COPY as C } from "../../copy/index.js";
import { useNotSaved } from "../forms/cannot-save.js";
import { useWorkplace } from "../session/session-store.js";

const SWITCHES = [
  "fastHotel",
  "wctPayOnly",
  "fastFoodNeedPersonNum",
  "hideTotalPrice",
  "wctCallService",
  "verifyPhone",
  "hotelLock",
] as const;

/** /console/settings: the restaurant's modes, hours, takeout terms, templates and texts, saved as one form. */
export default function SettingsPage() {
  const { restaurantId: rid } = useWorkplace();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const notSaved = useNotSaved();
  const [settings, setSettings] = useState<ConsoleSettings | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      const next = await menuApi.settings(rid);
      setSettings(next);
      form.setFieldsValue({ ...next, wctPayOnly: next.wctPayOnly === 1 });
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  }, [rid, form]);
  useEffect(() => {
    void load();
  }, [load]);

  async function save(values: Record<string, unknown>) {
    if (!settings) return;
    const body = { ...settings, ...values, wctPayOnly: values.wctPayOnly ? 1 : 0, version: settings.version };
    const parsed = consoleSettingsInputSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      message.error(`${issue?.path.join(".")}: ${issue?.message}`);
      return;
    }
    setSaving(true);
    try {
      const saved = await menuApi.saveSettings(rid, { ...parsed.data, restaurantId: rid });
      setSettings(saved);
      message.success(C.saved);
    } catch (error) {
      if (isConflict(error)) {
        message.warning(C.conflict);
        await load();
      } else message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  }

  if (failed && !settings) return <Alert type="error" message={failed} showIcon />;
  if (!settings) return <Spin size="large" />;
  const choices = <K extends string | number>(labels: Record<K, string>) =>
    Object.entries(labels).map(([value, label]) => ({
      value: Number.isNaN(Number(value)) ? value : Number(value),
      label: label as string,
    }));

  return (
    <Card data-testid="settings-page" style={{ maxWidth: 900 }}>
      <Form form={form} layout="vertical" onFinish={save} onFinishFailed={notSaved} scrollToFirstError>
        <Divider orientation="left">{C.sections.basics}</Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={C.name} rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="phone" label={C.phone}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label={C.address}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={C.description}>
              <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>

        <Divider orientation="left">{C.sections.modes}</Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="linkMode" label={C.linkMode}>
              <Radio.Group optionType="button" options={choices(C.linkModes)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="wctPayType" label={C.wctPayType}>
              <Radio.Group optionType="button" options={choices(C.wctPayTypes)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="foodTakingMode" label={C.foodTakingMode}>
              <Select options={choices(C.foodTakingModes)} />
            </Form.Item>
          </Col>
          {SWITCHES.map((key) => (
            <Col span={8} key={key}>
              <Form.Item name={key} label={C[key]} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          ))}
        </Row>

        <Divider orientation="left">{C.sections.hours}</Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="businessTime"
              label={C.businessTime}
              extra={C.businessTimeHint}
              rules={[
                {
                  pattern: /^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/,
                  message: C.businessTimeHint,
                },
              ]}
            >
              <Input />
            </Form.Item>
          </Col>
        </Row>

        <Divider orientation="left">{C.sections.takeout}</Divider>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="startPrice"
              label={C.startPrice}
              extra={C.startPriceHint}
              rules={[{ pattern: /^\d{1,8}(\.\d{1,4})?$/, message: C.moneyRule }]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="deliveryFee"
              label={C.deliveryFee}
              extra={C.deliveryFeeHint}
              rules={[{ pattern: /^\d{1,8}(\.\d{1,2})?$/, message: C.centsRule }]}
            >
              <Input inputMode="decimal" data-testid="settings-delivery-fee" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="deliveryMinutes" label={C.deliveryMinutes} extra={C.deliveryMinutesHint}>
              <InputNumber min={0} max={MAX_DELIVERY_MINUTES} precision={0} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
        </Row>

        <Divider orientation="left">{C.sections.display}</Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="foodsTemplate" label={C.foodsTemplate}>
              <Radio.Group optionType="button" options={choices(C.foodsTemplates)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="recommendsTemplate" label={C.recommendsTemplate}>
              <Radio.Group optionType="button" options={choices(C.recommendsTemplates)} />
            </Form.Item>
          </Col>
        </Row>

        <Divider orientation="left">{C.sections.texts}</Divider>
        <Form.Item name="announcement" label={C.announcement}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="discountText" label={C.discountText}>
          <Input maxLength={60} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="settings-save">
          {C.save}
        </Button>
      </Form>
    </Card>
  );
}
