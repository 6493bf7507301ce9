import {
  type ConsoleOrder,
  type FulfilmentStep,
  fulfilmentChoices,
  fulfilmentPermission,
  parseId,
  roleCan,
  type StaffRole,
} from "@tablemate/core";
import { App, Button, Popconfirm, Space, Tag } from "antd";
import { useState } from "react";
import { moveFulfilment } from "../../api/fulfilment.js";
import { FULFILMENT_COPY } from "../../copy/index.js";

/** An order as core's fulfilment rules read it (the pick-up number back to the number it is). */
export function fulfilmentOrder(order: ConsoleOrder) {
  return {
    eatType: order.eatType,
    fastSerialNo: parseId(order.fastSerialNo),
    status: order.status,
    fulfilment: order.fulfilment,
  };
}

/** The step an order reached, as a tag (配送中, 已确认, 请取餐 ×n…); nothing before any. */
export function FulfilmentTag({ order }: { order: ConsoleOrder }) {
  if (!order.fulfilment) return null;
  const called = order.fulfilment === "called";
  return (
    <Tag color={order.fulfilment === "declined" ? "red" : "green"} data-testid="fulfilment-tag">
      {called ? FULFILMENT_COPY.calledTimes(order.calledCount) : FULFILMENT_COPY.steps[order.fulfilment]}
    </Tag>
  );
}

/**
 * The order's next fulfilment steps as buttons (issue 25): 开始配送 / 已送达 for a takeout, 确认预订 /
 * 拒绝预订 for a reservation (a decline asked once more: it cancels the order), 叫号 / 再次叫号 for a
 * pick-up number. Only the steps core allows now and the role may take; the server checks both again.
 */
export function FulfilmentControl({
  rid,
  role,
  order,
  onDone,
}: {
  rid: number;
  role: StaffRole;
  order: ConsoleOrder;
  /** after a step was taken (or refused): read the order again */
  onDone(): void;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const steps = fulfilmentChoices(fulfilmentOrder(order)).filter((step) =>
    roleCan(role, fulfilmentPermission(step)),
  );
  if (steps.length === 0) return null;

  const take = async (step: FulfilmentStep) => {
    setBusy(true);
    try {
      await moveFulfilment(rid, order.orderId, step);
      void message.success(FULFILMENT_COPY.done(FULFILMENT_COPY.steps[step]));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(false);
      onDone();
    }
  };
  const label = (step: FulfilmentStep) =>
    step === "called" && order.fulfilment === "called"
      ? FULFILMENT_COPY.callAgain
      : FULFILMENT_COPY.actions[step];

  return (
    // the control sits in rows that open the order's detail when tapped: its taps stay its own
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click; the buttons inside take the keys
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <span onClick={(event) => event.stopPropagation()}>
      <Space size={4} wrap data-testid="fulfilment-control">
        {steps.map((step) =>
          step === "declined" ? (
            <Popconfirm
              key={step}
              title={FULFILMENT_COPY.declineConfirm}
              okText={FULFILMENT_COPY.declineOk}
              cancelText={FULFILMENT_COPY.cancel}
              okButtonProps={{ danger: true }}
              onConfirm={() => take(step)}
            >
              <Button danger size="small" disabled={busy} data-testid={`fulfilment-${step}`}>
                {label(step)}
              </Button>
            </Popconfirm>
          ) : (
            <Button
              key={step}
              type="primary"
              size="small"
              disabled={busy}
              data-testid={`fulfilment-${step}`}
              onClick={() => void take(step)}
            >
              {label(step)}
            </Button>
          ),
        )}
      </Space>
    </span>
  );
}
