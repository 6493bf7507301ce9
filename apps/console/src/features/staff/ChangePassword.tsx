import { LockOutlined } from "@ant-design/icons";
import { PASSWORD_MIN } from "@tablemate/core";
import { App, Button, Form, Input, Modal } from "antd";
import { useState } from "react";
import { changeOwnPassword } from "../../api/staff.js";
import { PASSWORD_COPY } from "../../copy/index.js";
import { failure } from "./use-load.js";

const C = PASSWORD_COPY;

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** The header's change-password form: one's own password; every other device signed in is signed out. */
export function ChangePassword() {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<PasswordForm>();

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await changeOwnPassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setOpen(false);
      void message.success(C.done);
    } catch (error) {
      form.setFields([{ name: "currentPassword", errors: [failure(error)] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<LockOutlined />} onClick={() => setOpen(true)} data-testid="change-password">
        {C.button}
      </Button>
      <Modal
        title={C.title}
        open={open}
        okText={C.submit}
        cancelText={C.cancel}
        confirmLoading={busy}
        onOk={() => void submit().catch(() => {})}
        onCancel={() => setOpen(false)}
        width={400}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="currentPassword"
            label={C.current}
            rules={[{ required: true, message: C.required }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={C.next}
            extra={C.nextHelp}
            rules={[{ required: true, min: PASSWORD_MIN, message: C.tooShort }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={C.confirm}
            dependencies={["newPassword"]}
            rules={[
              { required: true, message: C.required },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue("newPassword")
                    ? Promise.resolve()
                    : Promise.reject(new Error(C.mismatch)),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
