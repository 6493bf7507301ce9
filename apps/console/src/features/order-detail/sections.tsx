import { type ConsoleOrderDetail, type ConsolePayment, roleCan, type StaffRole } from "@tablemate/core";
import { Button, Space, Tag, Timeline, Typography } from "antd";
import type { ComponentType } from "react";
import { useNavigate } from "react-router";
import { AUDIT_COPY, ORDER_DETAIL_COPY as C, FLOOR_COPY, KITCHEN_COPY } from "../../copy/index.js";
import { OrderLine } from "../orders/OrderLine.js";
import { OrderPayments } from "../payments/OrderPayments.js";
import { shortTime } from "../session/restaurant-time.js";

/** What every section of the order detail is given. */
export interface OrderDetailSectionProps {
  rid: number;
  role: StaffRole;
  detail: ConsoleOrderDetail;
  /** read the order again (after an action in the section) */
  reload(): void;
  /** refund a payment (a role with payments.refund; the drawer owns the form) */
  refund?: (payment: ConsolePayment, what: string) => void;
}

export interface OrderDetailSection {
  key: string;
  title: string;
  /** shown only when this holds (default: always) */
  shows?: (detail: ConsoleOrderDetail, role: StaffRole) => boolean;
  Section: ComponentType<OrderDetailSectionProps>;
}

function LinesSection({ detail }: OrderDetailSectionProps) {
  const { order } = detail;
  return (
    <ul className="floor-lines">
      {order.lines.map((line) => (
        <OrderLine key={line.lineId} line={line} testId={`detail-line-${line.lineId}`} />
      ))}
    </ul>
  );
}

function PaymentsSection({ detail, refund }: OrderDetailSectionProps) {
  const { order, payments } = detail;
  if (payments === null) return <Typography.Text type="secondary">{C.noMoneyRole}</Typography.Text>;
  if (payments.length === 0 && order.paymentType !== 1)
    return <Typography.Text type="secondary">{C.noPayments}</Typography.Text>;
  return (
    <OrderPayments
      payments={payments}
      prepay={order.paymentType === 1}
      onRefund={refund && ((p) => refund(p, C.title(order.mainOrderId ?? order.orderId)))}
    />
  );
}

function TicketsSection({ detail, role }: OrderDetailSectionProps) {
  const navigate = useNavigate();
  if (detail.tickets.length === 0) return <Typography.Text type="secondary">{C.noTickets}</Typography.Text>;
  const mayReprint = roleCan(role, "tickets.reprint");
  return (
    <ul className="order-detail-tickets">
      {detail.tickets.map((ticket) => (
        <li key={ticket.id} data-testid={`detail-ticket-${ticket.id}`}>
          <Space wrap className="order-detail-ticket-head">
            <Typography.Text strong>{C.ticket(ticket.number, ticket.stationName)}</Typography.Text>
            {ticket.kind === "cancel" && <Tag color="red">{C.cancelTicket}</Tag>}
            <Typography.Text type="secondary">{shortTime(ticket.createdAt)}</Typography.Text>
            {mayReprint && (
              <Button size="small" onClick={() => navigate(`/print/ticket/${ticket.id}?reprint=1`)}>
                {C.reprint}
              </Button>
            )}
          </Space>
          <div className="order-detail-ticket-items">
            {ticket.items.map((item) => (
              <span key={item.id}>
                {item.name}×{item.count} <Tag>{KITCHEN_COPY.states[item.state]}</Tag>
              </span>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The status moves and every audited action, oldest first, in one timeline. */
function HistorySection({ detail }: OrderDetailSectionProps) {
  const moves = detail.order.events.map((e) => ({
    at: e.at,
    text: C.statusMove(FLOOR_COPY.statuses[e.toStatus] ?? String(e.toStatus)),
    who: "",
    why: e.note,
  }));
  const audited = detail.history.map((h) => ({
    at: h.at,
    text: AUDIT_COPY.actions[h.action] ?? h.action,
    who: [h.actorName, h.approverName && C.approvedBy(h.approverName)].filter(Boolean).join(" · "),
    why: h.reason,
  }));
  const entries = [...moves, ...audited].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (entries.length === 0) return <Typography.Text type="secondary">{C.noHistory}</Typography.Text>;
  return (
    <Timeline
      className="order-detail-history"
      items={entries.map((entry, i) => ({
        key: `${entry.at}-${i}`,
        children: (
          <div data-testid="detail-history-entry">
            <Typography.Text type="secondary">{shortTime(entry.at)}</Typography.Text> {entry.text}
            {entry.who && <Typography.Text type="secondary"> · {entry.who}</Typography.Text>}
            {entry.why && <div className="order-detail-reason">{C.reason(entry.why)}</div>}
          </div>
        ),
      }))}
    />
  );
}

/**
 * The detail's sections, in order. A feature that shows more of an order (takeout's delivery steps, a
 * reservation's answer) adds its section here; each is given the detail and its reload.
 */
export const ORDER_DETAIL_SECTIONS: OrderDetailSection[] = [
  { key: "lines", title: C.sections.lines, Section: LinesSection },
  { key: "payments", title: C.sections.payments, Section: PaymentsSection },
  { key: "tickets", title: C.sections.tickets, Section: TicketsSection },
  { key: "history", title: C.sections.history, Section: HistorySection },
];
