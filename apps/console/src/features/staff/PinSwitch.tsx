import { SwapOutlined } from "@ant-design/icons";
import { PIN_PATTERN } from "@tablemate/core";
import { App, Button, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { switchByPin } from "../../api/session.js";
import { PIN_SWITCH_COPY } from "../../copy/index.js";
import { useCurrentRestaurant, useSession } from "../session/session-store.js";
import { failure } from "./use-load.js";

const C = PIN_SWITCH_COPY;

/**
 * The header's quick staff change on a shared tablet: the next staff member types their PIN and the
 * device's session becomes theirs, at this restaurant. A wrong PIN is the server's 401 (not a sign-out).
 */
export function PinSwitch() {
  const restaurant = useCurrentRestaurant();
  const adopt = useSession((s) => s.adopt);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ pin: string }>();
  const navigate = useNavigate();
  if (!restaurant) return null;

  const submit = async () => {
    const { pin } = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const session = await switchByPin({ restaurantId: restaurant.id, pin });
      adopt(session);
      // the page open may be one the next staff member's role has not: start from the home page
      navigate("/");
      setOpen(false);
      form.resetFields();
      void message.success(C.switched(session.account.name));
    } catch (caught) {
      setError(failure(caught));
      form.setFieldValue("pin", "");
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<SwapOutlined />} onClick={() => setOpen(true)} data-testid="pin-switch">
        {C.button}
      </Button>
      <Modal
        title={C.title}
        open={open}
        okText={C.submit}
        cancelText={C.cancel}
        confirmLoading={busy}
        onOk={() => void submit().catch(() => {})}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
        width={360}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{C.note}</Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false} onFinish={() => void submit()}>
          <Form.Item
            name="pin"
            label={C.pin}
            rules={[{ required: true, pattern: PIN_PATTERN, message: C.pinFormat }]}
            validateStatus={error ? "error" : undefined}
            help={error ?? undefined}
          >
            <Input.Password
              inputMode="numeric"
              maxLength={6}
              placeholder={C.pinPlaceholder}
              autoComplete="off"
              autoFocus
              className="pin-input"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
