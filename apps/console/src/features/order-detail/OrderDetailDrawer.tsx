import { type ConsoleOrderDetail, orderNumber, paymentState, roleCan, yuanToCents } from "@tablemate/core";
import { Alert, Button, Descriptions, Divider, Drawer, Space, Spin, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { readOrderDetail } from "../../api/orders.js";
import { ORDER_DETAIL_COPY as C, COMMON_COPY, FLOOR_COPY } from "../../copy/index.js";
import { Author } from "../orders/order-parts.js";
import { useRefund } from "../payments/use-refund.js";
import { shortTime } from "../session/restaurant-time.js";
import { useCurrentRestaurant } from "../session/session-store.js";
import { useOpenOrder } from "./open-order.js";
import { ORDER_DETAIL_SECTIONS } from "./sections.js";
import "../floor/floor.css";
import "./order-detail.css";

type Loaded = { orderId: number; detail: ConsoleOrderDetail } | { orderId: number; error: string };

/** Reads the open order, again on reload; a failure is kept to be shown with 重试. */
function useDetail(rid: number | null, orderId: number | null) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (rid === null || orderId === null || round < 0) return;
    let live = true;
    readOrderDetail(rid, orderId).then(
      (detail) => live && setLoaded({ orderId, detail }),
      (e: Error) => live && setLoaded({ orderId, error: e.message }),
    );
    return () => {
      live = false;
    };
  }, [rid, orderId, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { loaded: loaded?.orderId === orderId ? loaded : null, reload };
}

/**
 * THE order detail: whichever page an order is clicked on, this one drawer shows it — its head (table,
 * status, time, who placed it, total), then each of ORDER_DETAIL_SECTIONS (lines and who added them,
 * payments with refund, tickets with reprint, history). Mounted once by the layout.
 */
/** 已支付 or 部分支付 beside the status, as the group's money says (the status is the kitchen's). */
function PaymentTag({ money }: { money: NonNullable<ConsoleOrderDetail["money"]> }) {
  // paid counts what was kept (refunds taken off): a refunded order is not paid
  const state = paymentState({ paidCents: yuanToCents(money.paid), leftCents: yuanToCents(money.left) });
  if (state === "unpaid") return null;
  return (
    <Tag color={state === "paid" ? "green" : "gold"} data-testid="detail-payment-state">
      {C.paymentStates[state]}
    </Tag>
  );
}

export function OrderDetailDrawer() {
  const orderId = useOpenOrder((s) => s.orderId);
  const close = useOpenOrder((s) => s.close);
  const restaurant = useCurrentRestaurant();
  const navigate = useNavigate();
  const { loaded, reload } = useDetail(restaurant?.id ?? null, orderId);
  const { start: refund, dialog: refundDialog } = useRefund(restaurant?.id ?? 0, reload);
  if (!restaurant || orderId === null) return null;
  const { role } = restaurant;
  const detail = loaded && "detail" in loaded ? loaded.detail : null;
  const order = detail?.order;
  return (
    <Drawer
      open
      width={560}
      title={C.title(orderId)}
      onClose={close}
      destroyOnHidden
      data-testid="order-detail"
      extra={
        order &&
        roleCan(role, "bill.print") && (
          <Button onClick={() => navigate(`/print/bill/${order.mainOrderId ?? order.orderId}`)}>
            {C.printBill}
          </Button>
        )
      }
    >
      {loaded === null && <Spin className="order-detail-loading" />}
      {loaded && "error" in loaded && (
        <Alert
          type="error"
          showIcon
          message={C.loadFailed}
          description={loaded.error}
          action={<Button onClick={reload}>{C.retry}</Button>}
        />
      )}
      {detail && order && (
        <>
          <Descriptions size="small" column={2} className="order-detail-head">
            <Descriptions.Item label={C.table}>{order.fastSerialNo || order.tableName}</Descriptions.Item>
            <Descriptions.Item label={C.status}>
              <Space size={4} wrap>
                <Tag data-testid="detail-status">{FLOOR_COPY.statuses[order.status] ?? order.status}</Tag>
                {detail.money && <PaymentTag money={detail.money} />}
                {order.held && <Tag color="red">{FLOOR_COPY.held}</Tag>}
                {order.mainOrderId !== null && (
                  <Tag>{FLOOR_COPY.addedOrder(orderNumber(order.mainOrderId))}</Tag>
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={C.placedAt}>{shortTime(order.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={C.placedBy}>
              <Author author={order.placedBy} />
            </Descriptions.Item>
            <Descriptions.Item label={C.total}>
              <strong data-testid="detail-total">¥{order.total}</strong>
              {Number(order.comped) > 0 && ` ${COMMON_COPY.parens(`${C.comped} ¥${order.comped}`)}`}
            </Descriptions.Item>
            {order.personNum > 0 && <Descriptions.Item label={C.diners}>{order.personNum}</Descriptions.Item>}
          </Descriptions>
          {detail.money && (
            <Descriptions size="small" column={2} className="order-detail-money" data-testid="detail-money">
              <Descriptions.Item label={C.owed}>
                ¥{detail.money.owed}
                {Number(detail.money.deliveryFee) > 0 && (
                  <span data-testid="detail-delivery-fee">
                    {" "}
                    {C.withDeliveryFee(detail.money.deliveryFee)}
                  </span>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={C.paid}>
                <span data-testid="detail-paid">¥{detail.money.paid}</span>
              </Descriptions.Item>
              <Descriptions.Item label={C.refunded}>
                <span data-testid="detail-refunded">¥{detail.money.refunded}</span>
              </Descriptions.Item>
              <Descriptions.Item label={C.left}>
                <strong data-testid="detail-left">¥{detail.money.left}</strong>
              </Descriptions.Item>
            </Descriptions>
          )}
          {order.wholeMemo && (
            <Alert
              type="info"
              message={`${FLOOR_COPY.wholeMemo}${COMMON_COPY.colon}${order.wholeMemo}`}
              showIcon={false}
            />
          )}
          {ORDER_DETAIL_SECTIONS.filter((s) => s.shows?.(detail, role) ?? true).map(
            ({ key, title, Section }) => (
              <section key={key} data-testid={`detail-${key}`}>
                <Divider orientation="left">{title}</Divider>
                <Section
                  rid={restaurant.id}
                  role={role}
                  detail={detail}
                  reload={reload}
                  refund={roleCan(role, "payments.refund") ? refund : undefined}
                />
              </section>
            ),
          )}
        </>
      )}
      {refundDialog}
    </Drawer>
  );
}
