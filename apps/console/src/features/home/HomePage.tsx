import { AlertOutlined } from "@ant-design/icons";
import { YUAN } from "@tablemate/client";
import type { ConsoleOrder } from "@tablemate/core";
import { Alert, Badge, Card, Col, Empty, List, Row, Spin, Statistic, Tag, Typography } from "antd";
import { useNavigate } from "react-router";
import { COMMON_COPY, FLOOR_COPY, REPORTS_COPY } from "../../copy/index.js";
import { pagesFor } from "../../pages.js";
import { openOrder } from "../order-detail/open-order.js";
import { clockTime } from "../session/restaurant-time.js";
import { useSession, useWorkplace } from "../session/session-store.js";
import { type DashboardAlert, dashboardAlerts, floorNumbers } from "./alerts.js";
import { type Dashboard, useDashboard } from "./use-dashboard.js";
import "./home.css";

const H = COMMON_COPY.home;
const RECENT = 8;

const ALERT_COLOR: Record<DashboardAlert["kind"], string> = {
  call: "red",
  money: "volcano",
  held: "orange",
  reservation: "blue",
  soldOut: "gray",
};

/** Today's numbers (reports.read) and the floor's live ones (floor.read), each where the role has them. */
function Numbers({ data }: { data: Dashboard }) {
  const floor = data.floor && floorNumbers(data.floor);
  const cells = [
    data.numbers && { title: REPORTS_COPY.revenue, value: data.numbers.revenue, prefix: YUAN },
    data.numbers && { title: REPORTS_COPY.orders, value: data.numbers.orders },
    data.numbers && { title: REPORTS_COPY.diners, value: data.numbers.diners },
    floor && { title: H.seated, value: floor.seated },
    floor && { title: H.toAccept, value: floor.toAccept },
  ].filter((c) => !!c);
  if (cells.length === 0) return null;
  return (
    <div className="home-numbers" data-testid="home-numbers">
      {cells.map((cell) => (
        <Card key={cell.title} size="small">
          <Statistic
            title={cell.title}
            value={cell.value}
            prefix={"prefix" in cell ? cell.prefix : undefined}
          />
        </Card>
      ))}
    </div>
  );
}

function Alerts({ alerts }: { alerts: DashboardAlert[] }) {
  const navigate = useNavigate();
  const go = (alert: DashboardAlert) =>
    "orderId" in alert.goTo ? openOrder(alert.goTo.orderId) : navigate(`/${alert.goTo.page}`);
  return (
    <Card
      size="small"
      title={
        <span>
          <AlertOutlined /> {H.alerts}
        </span>
      }
      className="home-card"
      data-testid="home-alerts"
    >
      <List
        size="small"
        dataSource={alerts}
        locale={{ emptyText: H.noAlerts }}
        renderItem={(alert) => (
          <List.Item
            className="home-alert"
            onClick={() => go(alert)}
            data-testid={`alert-${alert.kind}`}
            actions={[<Typography.Link key="open">{H.open}</Typography.Link>]}
          >
            <Badge color={ALERT_COLOR[alert.kind]} text={alert.text} />
          </List.Item>
        )}
      />
    </Card>
  );
}

function RecentOrders({ orders }: { orders: ConsoleOrder[] }) {
  return (
    <Card size="small" title={H.recent} className="home-card" data-testid="home-orders">
      <List
        size="small"
        dataSource={orders.slice(0, RECENT)}
        locale={{ emptyText: H.noOrders }}
        renderItem={(order) => (
          <List.Item
            className="home-order"
            onClick={() => openOrder(order.orderId)}
            data-testid={`home-order-${order.orderId}`}
          >
            <span className="home-order-id">#{order.orderId}</span>
            <span className="home-order-table">{order.fastSerialNo || order.tableName}</span>
            <Tag>{FLOOR_COPY.statuses[order.status] ?? order.status}</Tag>
            <span className="home-order-time">{clockTime(order.createdAt)}</span>
            <strong>¥{order.total}</strong>
          </List.Item>
        )}
      />
    </Card>
  );
}

/**
 * /console/: the evening at a glance — today's numbers, the alerts that need a person (waiter calls,
 * money, held orders, reservations waiting, sold-out dishes; a tap opens the order or the page that
 * handles it) and today's latest orders, each opening the one order detail. Kept live.
 */
export default function HomePage() {
  const { restaurantId, role, name } = useWorkplace();
  const staffName = useSession((s) => s.session?.account.name ?? "");
  const data = useDashboard(restaurantId, role);
  const alerts = dashboardAlerts(data, new Date());
  return (
    <div data-testid="home-page" className="home-page">
      <div className="home-head">
        <Typography.Title level={4}>{H.welcome(staffName)}</Typography.Title>
        <Typography.Text type="secondary">
          {name} · {COMMON_COPY.roles[role]}
        </Typography.Text>
      </div>
      {pagesFor(role).length === 0 && <Empty description={H.noPages} />}
      {data.failures.map((failure) => (
        <Alert key={failure} type="warning" showIcon message={failure} className="home-failure" />
      ))}
      {!data.loaded ? (
        <Spin className="home-loading" />
      ) : (
        <>
          <Numbers data={data} />
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Alerts alerts={alerts} />
            </Col>
            {data.orders && (
              <Col xs={24} lg={12}>
                <RecentOrders orders={data.orders} />
              </Col>
            )}
          </Row>
        </>
      )}
    </div>
  );
}
