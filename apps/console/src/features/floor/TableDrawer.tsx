import { BellOutlined } from "@ant-design/icons";
import {
  type ConsoleLine,
  type ConsoleOrder,
  type ConsolePayment,
  ORDER_STATUS,
  orderNumber,
  roleCan,
  type StaffRole,
  type TableDetail,
} from "@tablemate/core";
import { App, Button, Descriptions, Drawer, Empty, Popconfirm, Space, Spin, Tag, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import * as floorApi from "../../api/floor.js";
import { COMMON_COPY, FLOOR_COPY, PAYMENTS_COPY } from "../../copy/index.js";
import { FulfilmentControl, FulfilmentTag } from "../fulfilment/FulfilmentControl.js";
import { openOrder } from "../order-detail/open-order.js";
import { OrderLine } from "../orders/OrderLine.js";
import { Author } from "../orders/order-parts.js";
import { OrderPayments } from "../payments/OrderPayments.js";
import { PaymentBlock } from "../payments/PaymentBlock.js";
import { useRefund } from "../payments/use-refund.js";
import { useTablePayments } from "../payments/use-table-payments.js";
import { clockTime } from "../session/restaurant-time.js";
import { STATE_COLORS } from "./state-colors.js";
import { useApproval, useReason } from "./use-approval.js";

const time = clockTime;

interface Actions {
  role: StaffRole;
  busy: boolean;
  act(work: () => Promise<unknown>): Promise<void>;
  approved(work: (approval?: Parameters<typeof floorApi.cancelOrder>[3]) => Promise<unknown>): Promise<void>;
  ask(title: string): Promise<string | null>;
  rid: number;
  /** read the table again (after a step of its own, like a fulfilment's) */
  refresh(): void;
  /** refund a payment (a role with payments.refund) */
  refund?: (payment: ConsolePayment, what: string) => void;
}

function OrderCard({
  order,
  payments,
  actions,
}: {
  order: ConsoleOrder;
  /** the order group's payments (a main order's; an added order is paid with its main) */
  payments: readonly ConsolePayment[];
  actions: Actions;
}) {
  const { rid, role, busy } = actions;
  const open =
    order.status === ORDER_STATUS.placed ||
    order.status === ORDER_STATUS.accepted ||
    order.status === ORDER_STATUS.cooking;
  const cancel = async () => {
    const reason = await actions.ask(FLOOR_COPY.cancelTitle);
    if (reason)
      await actions.approved((approval) => floorApi.cancelOrder(rid, order.orderId, reason, approval));
  };
  const comp = async (line: ConsoleLine) => {
    const reason = await actions.ask(FLOOR_COPY.compTitle(line.name));
    if (reason) await actions.approved((approval) => floorApi.compLine(rid, line.lineId, reason, approval));
  };
  const voidIt = async (line: ConsoleLine) => {
    const reason = await actions.ask(FLOOR_COPY.voidTitle(line.name));
    if (reason) await actions.approved((approval) => floorApi.voidLine(rid, line.lineId, reason, approval));
  };
  const liveLines = order.lines.filter((l) => !l.voided).length;
  return (
    <section className="floor-order" data-testid={`order-${order.orderId}`}>
      <header className="floor-order-head">
        <Space wrap>
          <Button
            type="link"
            className="floor-order-link"
            onClick={() => openOrder(order.orderId)}
            data-testid={`open-order-${order.orderId}`}
          >
            {FLOOR_COPY.order(orderNumber(order.orderId))}
          </Button>
          <Tag color={order.status === ORDER_STATUS.cancelled ? "default" : "processing"}>
            {FLOOR_COPY.statuses[order.status] ?? order.status}
          </Tag>
          {order.held && <Tag color="red">{FLOOR_COPY.held}</Tag>}
          {order.mainOrderId !== null && <Tag>{FLOOR_COPY.addedOrder(orderNumber(order.mainOrderId))}</Tag>}
          <FulfilmentTag order={order} />
        </Space>
        <Typography.Text type="secondary">{time(order.createdAt)}</Typography.Text>
      </header>
      {order.held && order.gateReasons.length > 0 && (
        <Typography.Paragraph type="danger" className="floor-gate">
          {order.gateReasons.map((r) => FLOOR_COPY.gateReasons[r]).join(COMMON_COPY.clauseSeparator)}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" className="floor-placed-by">
        {FLOOR_COPY.placedBy}
        {COMMON_COPY.colon}
        <Author author={order.placedBy} />
      </Typography.Paragraph>
      {order.contact && (
        <Descriptions size="small" column={2} className="floor-contact">
          <Descriptions.Item label={FLOOR_COPY.contact}>{order.contact.name}</Descriptions.Item>
          <Descriptions.Item label={FLOOR_COPY.contactPhone}>{order.contact.phone}</Descriptions.Item>
          {order.contact.time && (
            <Descriptions.Item label={FLOOR_COPY.contactTime}>{order.contact.time}</Descriptions.Item>
          )}
          {order.contact.address && (
            <Descriptions.Item label={FLOOR_COPY.contactAddress}>{order.contact.address}</Descriptions.Item>
          )}
        </Descriptions>
      )}
      <ul className="floor-lines">
        {order.lines.map((line) => (
          <OrderLine
            key={line.lineId}
            line={line}
            testId={`line-${line.lineId}`}
            weighedTag
            actions={
              open && (
                <Space size={0}>
                  {roleCan(role, "orders.comp") && (
                    <Button size="small" type="link" disabled={busy} onClick={() => comp(line)}>
                      {FLOOR_COPY.comp}
                    </Button>
                  )}
                  {/* the last dish of an order is cancelled with the order, not voided */}
                  {roleCan(role, "orders.cancel") && liveLines > 1 && (
                    <Button
                      size="small"
                      type="link"
                      danger
                      disabled={busy}
                      onClick={() => voidIt(line)}
                      data-testid="void-line"
                    >
                      {FLOOR_COPY.void}
                    </Button>
                  )}
                </Space>
              )
            }
          />
        ))}
      </ul>
      {order.wholeMemo && (
        <Typography.Paragraph className="floor-whole-memo">
          {FLOOR_COPY.wholeMemo}
          {COMMON_COPY.colon}
          {order.wholeMemo}
        </Typography.Paragraph>
      )}
      {order.mainOrderId === null && roleCan(role, "payments.read") && (
        <OrderPayments
          payments={payments}
          prepay={order.paymentType === 1}
          onRefund={
            actions.refund && ((p) => actions.refund?.(p, FLOOR_COPY.order(orderNumber(order.orderId))))
          }
        />
      )}
      <footer className="floor-order-foot">
        <Typography.Text strong>¥{order.total}</Typography.Text>
        <Space wrap>
          <FulfilmentControl rid={rid} role={role} order={order} onDone={actions.refresh} />
          {order.status === ORDER_STATUS.placed && roleCan(role, "orders.accept") && (
            <Button
              type="primary"
              disabled={busy}
              data-testid="accept-order"
              onClick={() => actions.act(() => floorApi.acceptOrder(rid, order.orderId))}
            >
              {FLOOR_COPY.accept}
            </Button>
          )}
          {open && roleCan(role, "orders.serve") && (
            <Button
              disabled={busy}
              onClick={() => actions.act(() => floorApi.serveOrder(rid, order.orderId))}
            >
              {FLOOR_COPY.serve}
            </Button>
          )}
          {open && roleCan(role, "orders.cancel") && (
            <Button danger disabled={busy} onClick={cancel}>
              {FLOOR_COPY.cancel}
            </Button>
          )}
        </Space>
      </footer>
    </section>
  );
}

/**
 * One table's drawer: its facts, waiter calls, the cart not yet ordered, every order with all its
 * lines' parts and who added them, totals, and the actions the role may take (the server decides
 * anyway; a sensitive one asks for a manager's approval when the server says so).
 */
export function TableDrawer({
  rid,
  role,
  tableId,
  revision,
  onClose,
  onChanged,
}: {
  rid: number;
  role: StaffRole;
  tableId: number | null;
  revision: number;
  onClose(): void;
  onChanged(): void;
}) {
  const { message } = App.useApp();
  const [detail, setDetail] = useState<TableDetail | null>(null);
  const [busy, setBusy] = useState(false);
  const approval = useApproval();
  const reason = useReason();
  const { payments, reload: reloadPayments } = useTablePayments(rid, role, tableId, revision);

  const load = useCallback(() => {
    if (tableId === null) return;
    floorApi
      .readTable(rid, tableId)
      .then(setDetail)
      .catch((e: Error) => void message.error(e.message));
  }, [rid, tableId, message]);

  // read again on open and on every floor message (revision)
  useEffect(() => {
    if (tableId === null) setDetail(null);
    // each new revision (a floor message) reads the open table again
    else if (revision >= 0) load();
  }, [tableId, load, revision]);

  const after = async (ok: boolean) => {
    setBusy(false);
    if (ok) {
      load();
      onChanged();
    }
  };
  const refund = useRefund(rid, () => {
    reloadPayments();
    load();
    onChanged();
  });
  const actions: Actions = {
    rid,
    role,
    busy,
    ask: reason.ask,
    refresh: () => {
      load();
      onChanged();
    },
    refund: roleCan(role, "payments.refund") ? refund.start : undefined,
    async act(work) {
      setBusy(true);
      await after(await approval.run(() => work()));
    },
    async approved(work) {
      setBusy(true);
      await after(await approval.run(work));
    },
  };

  const table = detail?.table;
  const open = tableId !== null;
  const hasOpenOrders = (table?.openOrders ?? 0) > 0;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={560}
      title={table ? FLOOR_COPY.drawerTitle(table.name) : ""}
      data-testid="table-drawer"
      extra={table && <Tag color={STATE_COLORS[table.state].tag}>{FLOOR_COPY.states[table.state]}</Tag>}
    >
      {!detail || detail.table.tableId !== tableId ? (
        <Spin />
      ) : (
        <div className="floor-drawer">
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={FLOOR_COPY.openedAt}>
              {detail.table.openedAt ? time(detail.table.openedAt) : "—"}
              {detail.table.minutesSeated !== null && ` · ${FLOOR_COPY.minutes(detail.table.minutesSeated)}`}
            </Descriptions.Item>
            <Descriptions.Item label={FLOOR_COPY.personNum}>
              {FLOOR_COPY.diners(detail.table.personNum || detail.table.diners)}
            </Descriptions.Item>
          </Descriptions>

          {detail.table.calls.map((call) => (
            <div key={call.callId} className="floor-call" data-testid="waiter-call">
              <Space>
                <BellOutlined />
                {call.kind === "prepay" ? FLOOR_COPY.prepayCall : FLOOR_COPY.callAt(time(call.at))}
              </Space>
              {roleCan(role, "calls.ack") && (
                <Button
                  type="primary"
                  size="small"
                  disabled={busy}
                  data-testid="ack-call"
                  onClick={() => actions.act(() => floorApi.ackCall(rid, call.callId))}
                >
                  {FLOOR_COPY.ack}
                </Button>
              )}
            </div>
          ))}

          <Space wrap className="floor-table-actions">
            {detail.table.visitId === null && roleCan(role, "orders.accept") && (
              <Button
                disabled={busy}
                onClick={() => actions.act(() => floorApi.seatTable(rid, detail.table.tableId))}
              >
                {FLOOR_COPY.seat}
              </Button>
            )}
            {hasOpenOrders && roleCan(role, "tables.settle") && (
              <Popconfirm
                title={FLOOR_COPY.settleConfirm}
                okText={FLOOR_COPY.confirm}
                onConfirm={() => actions.act(() => floorApi.settleTable(rid, detail.table.tableId))}
              >
                <Button type="primary" disabled={busy} data-testid="settle-table">
                  {FLOOR_COPY.settle}
                </Button>
              </Popconfirm>
            )}
            {detail.table.visitId !== null && !hasOpenOrders && roleCan(role, "tables.clear") && (
              <Popconfirm
                title={FLOOR_COPY.clearConfirm}
                okText={FLOOR_COPY.confirm}
                onConfirm={() => actions.act(() => floorApi.clearTable(rid, detail.table.tableId))}
              >
                <Button disabled={busy}>{FLOOR_COPY.clear}</Button>
              </Popconfirm>
            )}
            {detail.table.state === "settled" && roleCan(role, "tables.reverseSettle") && (
              <Button
                disabled={busy}
                onClick={async () => {
                  const why = await reason.ask(FLOOR_COPY.reverseTitle);
                  if (why)
                    await actions.approved((a) => floorApi.reverseSettle(rid, detail.table.tableId, why, a));
                }}
              >
                {FLOOR_COPY.reverseSettle}
              </Button>
            )}
          </Space>

          {detail.cart && detail.cart.lines.length > 0 && (
            <section className="floor-cart">
              <Typography.Title level={5}>{FLOOR_COPY.cart}</Typography.Title>
              <ul className="floor-lines">
                {detail.cart.lines.map((line) => (
                  <li key={line.detailId} className="floor-line">
                    <div className="floor-line-main">
                      <span className="floor-line-name">{line.name}</span>
                      <span className="floor-line-count">×{line.count}</span>
                    </div>
                    <div className="floor-line-foot">
                      <Author author={line.addedBy} />
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {detail.orders.length === 0 ? (
            <Empty description={FLOOR_COPY.noOrders} />
          ) : (
            detail.orders.map((order) => (
              <OrderCard
                key={order.orderId}
                order={order}
                payments={payments.filter((p) => p.orderId === order.orderId)}
                actions={actions}
              />
            ))
          )}

          {payments.some((p) => p.orderId === null) && (
            <section className="floor-bill" data-testid="bill-payments">
              <Typography.Title level={5}>{PAYMENTS_COPY.billPayment}</Typography.Title>
              {payments
                .filter((p) => p.orderId === null)
                .map((p) => (
                  <PaymentBlock
                    key={p.intentId}
                    payment={p}
                    onRefund={actions.refund && ((it) => actions.refund?.(it, PAYMENTS_COPY.billPayment))}
                  />
                ))}
            </section>
          )}

          <Descriptions size="small" column={3} className="floor-totals" title={FLOOR_COPY.totals}>
            <Descriptions.Item label={FLOOR_COPY.ordered}>¥{detail.totals.ordered}</Descriptions.Item>
            <Descriptions.Item label={FLOOR_COPY.compedTotal}>¥{detail.totals.comped}</Descriptions.Item>
            <Descriptions.Item label={FLOOR_COPY.due}>
              <Typography.Text strong>¥{detail.totals.due}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </div>
      )}
      {approval.dialog}
      {reason.dialog}
      {refund.dialog}
    </Drawer>
  );
}
