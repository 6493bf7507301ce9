import { type ConsoleOrder, orderNumber } from "@tablemate/core";
import { Alert, Button, Segmented, Select, Space, Table, Tag, Typography } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { readOrders } from "../../api/floor.js";
import { FLOOR_COPY, ORDERS_COPY } from "../../copy/index.js";
import { openConsoleSocket } from "../floor/console-socket.js";
import { FulfilmentControl, FulfilmentTag } from "../fulfilment/FulfilmentControl.js";
import { openOrder } from "../order-detail/open-order.js";
import { clockTime, todayStart } from "../session/restaurant-time.js";
import { useWorkplace } from "../session/session-store.js";

type Since = "today" | "hour" | "all";

/** The start of the period the list shows, as ISO (the restaurant's day starts at local midnight). */
function fromOf(since: Since, now = new Date()): string | undefined {
  if (since === "all") return undefined;
  if (since === "hour") return new Date(now.getTime() - 3600_000).toISOString();
  return todayStart(now).toISOString();
}

/** read each render: the words are those of the language shown */
const statusOptions = () => [0, 1, 2, 8, 7, 4, 5].map((s) => ({ value: s, label: FLOOR_COPY.statuses[s] }));

/** /console/orders: the restaurant's orders with their lines, filtered by status and time, kept live. */
export default function OrdersPage() {
  const { restaurantId, role } = useWorkplace();
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [since, setSince] = useState<Since>("today");
  const [orders, setOrders] = useState<ConsoleOrder[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    readOrders(restaurantId, { status, from: fromOf(since) })
      .then((answer) => {
        setOrders(answer);
        setError(null);
      })
      .catch((e: Error) => setError(e.message));
  }, [restaurantId, status, since]);

  useEffect(() => {
    load();
    let timer: ReturnType<typeof setTimeout> | undefined;
    return openConsoleSocket(restaurantId, {
      onMessage: (message) => {
        if (message.topic !== "floor" || (message.type !== "orderPlaced" && message.type !== "orderStatus"))
          return;
        clearTimeout(timer);
        timer = setTimeout(load, 250);
      },
    });
  }, [restaurantId, load]);

  const columns = useMemo(
    () => [
      {
        title: ORDERS_COPY.orderNo,
        width: 90,
        render: (_: unknown, order: ConsoleOrder) => (
          <Button
            type="link"
            size="small"
            onClick={() => openOrder(order.orderId)}
            data-testid={`open-order-${order.orderId}`}
          >
            <span data-testid="order-number">{orderNumber(order.orderId)}</span>
          </Button>
        ),
      },
      {
        title: ORDERS_COPY.table,
        width: 90,
        // a pick-up order is known at the counter by its number
        render: (_: unknown, order: ConsoleOrder) =>
          order.fastSerialNo ? ORDERS_COPY.pickUp(order.fastSerialNo) : order.tableName,
      },
      {
        title: ORDERS_COPY.status,
        width: 190,
        render: (_: unknown, order: ConsoleOrder) => (
          <Space size={4} wrap>
            <Tag>{FLOOR_COPY.statuses[order.status]}</Tag>
            {order.held && <Tag color="red">{FLOOR_COPY.held}</Tag>}
            <FulfilmentTag order={order} />
            <FulfilmentControl rid={restaurantId} role={role} order={order} onDone={load} />
          </Space>
        ),
      },
      {
        title: ORDERS_COPY.lines,
        render: (_: unknown, order: ConsoleOrder) => (
          <div className="orders-lines">
            {order.lines.map((line) => (
              <div key={line.lineId}>
                {line.name} ×{line.count}
                {line.normName && <Typography.Text type="secondary"> · {line.normName}</Typography.Text>}
                {line.memo && <Typography.Text type="warning"> · {line.memo}</Typography.Text>}
              </div>
            ))}
          </div>
        ),
      },
      { title: ORDERS_COPY.total, width: 90, render: (_: unknown, o: ConsoleOrder) => `¥${o.total}` },
      {
        title: ORDERS_COPY.time,
        width: 80,
        render: (_: unknown, o: ConsoleOrder) => clockTime(o.createdAt),
      },
    ],
    [restaurantId, role, load],
  );

  return (
    <div data-testid="orders-page">
      <Space wrap className="orders-filters" style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {ORDERS_COPY.title}
        </Typography.Title>
        <Select
          allowClear
          placeholder={ORDERS_COPY.allStatuses}
          aria-label={ORDERS_COPY.status}
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={statusOptions()}
          data-testid="orders-status"
        />
        <Segmented<Since>
          value={since}
          onChange={setSince}
          options={[
            { value: "today", label: ORDERS_COPY.today },
            { value: "hour", label: ORDERS_COPY.lastHour },
            { value: "all", label: ORDERS_COPY.all },
          ]}
        />
      </Space>
      {error && <Alert type="error" message={ORDERS_COPY.loadFailed} description={error} />}
      <Table<ConsoleOrder>
        rowKey="orderId"
        size="small"
        loading={orders === null && !error}
        dataSource={orders ?? []}
        columns={columns}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        onRow={(order) =>
          ({
            onClick: () => openOrder(order.orderId),
            className: "orders-row",
            "data-testid": `orders-row-${order.orderId}`,
          }) as React.HTMLAttributes<HTMLElement>
        }
        locale={{ emptyText: ORDERS_COPY.empty }}
      />
    </div>
  );
}
