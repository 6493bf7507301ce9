import { type ConsoleOrder, formatIsoDateTime } from "@tablemate/core";
import { Alert, Segmented, Select, Space, Table, Tag, Typography } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { readOrders } from "../../api/floor.js";
import { FLOOR_COPY, ORDERS_COPY } from "../../copy/index.js";
import { openConsoleSocket } from "../floor/console-socket.js";
import { useWorkplace } from "../session/session-store.js";

type Since = "today" | "hour" | "all";

/** The start of the period the list shows, as ISO (the restaurant's day starts at local midnight). */
function fromOf(since: Since, now = new Date()): string | undefined {
  if (since === "all") return undefined;
  if (since === "hour") return new Date(now.getTime() - 3600_000).toISOString();
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return midnight.toISOString();
}

const STATUS_OPTIONS = [0, 1, 2, 8, 7, 4, 5].map((s) => ({ value: s, label: FLOOR_COPY.statuses[s] }));

/** /console/orders: the restaurant's orders with their lines, filtered by status and time, kept live. */
export default function OrdersPage() {
  const { restaurantId } = useWorkplace();
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
      { title: "#", dataIndex: "orderId", width: 70 },
      { title: ORDERS_COPY.table, dataIndex: "tableName", width: 90 },
      {
        title: ORDERS_COPY.status,
        width: 110,
        render: (_: unknown, order: ConsoleOrder) => (
          <Space size={4} wrap>
            <Tag>{FLOOR_COPY.statuses[order.status]}</Tag>
            {order.held && <Tag color="red">{FLOOR_COPY.held}</Tag>}
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
        render: (_: unknown, o: ConsoleOrder) => formatIsoDateTime(o.createdAt, "Asia/Shanghai").slice(11),
      },
    ],
    [],
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
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={STATUS_OPTIONS}
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
        locale={{ emptyText: ORDERS_COPY.empty }}
      />
    </div>
  );
}
