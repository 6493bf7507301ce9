import type { ConsoleOffer } from "@tablemate/core";
import { Form, Typography } from "antd";
import { useState } from "react";
import { membersApi } from "../../api/members.js";
import { MEMBERS_COPY as C } from "../../copy/index.js";
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

interface OfferValues {
  threshold: string;
  reduction: string;
}

/** 满减: the restaurant's full-reduction offers (满100减10), a new one, 停用 / 启用. */
export default function OffersTab() {
  const { restaurantId } = useWorkplace();
  const saveCall = useSaveCall();
  const { data, loading, reload } = useLoad(() => membersApi.offers(restaurantId), restaurantId);
  const [form] = Form.useForm<OfferValues>();
  const [creating, setCreating] = useState(false);

  const send = (values: OfferValues) =>
    membersApi.createOffer(restaurantId, {
      threshold: values.threshold.trim(),
      reduction: values.reduction.trim(),
    });

  const toggle = async (o: ConsoleOffer) => {
    if ((await saveCall(() => membersApi.setOfferEnabled(restaurantId, o.id, !o.enabled))) === "saved")
      reload();
  };

  const amount = [REQUIRED_AMOUNT, AMOUNT_RULE];
  const columns = [
    {
      title: C.offerColumns.text,
      dataIndex: "text",
      render: (text: string) => <Typography.Text strong>{text}</Typography.Text>,
    },
    enabledColumn<ConsoleOffer>(C.offerColumns.status, 96),
    {
      title: C.offerColumns.actions,
      key: "actions",
      width: 96,
      render: (_: unknown, o: ConsoleOffer) => (
        <EnableButton enabled={o.enabled} toggle={() => toggle(o)} testId={`toggle-offer-${o.id}`} />
      ),
    },
  ];

  return (
    <div data-testid="offers-tab">
      <TabHead
        title={C.offersHeading}
        hint={C.offersHint}
        reload={reload}
        newText={C.newOffer}
        onNew={() => setCreating(true)}
        newTestId="new-offer"
      />
      <TabTable<ConsoleOffer> testId="offers" rows={data} loading={loading} columns={columns} dimOff />
      <FormDialog
        form={form}
        open={creating}
        title={C.newOffer}
        send={send}
        saved={() => {
          setCreating(false);
          form.resetFields();
          reload();
        }}
        cancel={() => setCreating(false)}
        testId="offer-form"
      >
        <div className="members-form-row">
          <Form.Item name="threshold" label={C.offerForm.threshold} rules={amount}>
            <YuanInput data-testid="offer-threshold" />
          </Form.Item>
          <Form.Item name="reduction" label={C.offerForm.reduction} rules={amount}>
            <YuanInput data-testid="offer-reduction" />
          </Form.Item>
        </div>
      </FormDialog>
    </div>
  );
}
