import { DownloadOutlined, ReloadOutlined } from "@ant-design/icons";
import { YUAN } from "@tablemate/client";
import { formatDate, type ReportSummary, type TopDish } from "@tablemate/core";
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Row,
  Space,
  Statistic,
  Table,
  Tooltip,
  Typography,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../api/http.js";
import { fetchSummary, ordersCsvUrl, type ReportRange } from "../../api/reports.js";
import { COMMON_COPY, REPORTS_COPY } from "../../copy/index.js";
import { restaurantZone } from "../session/restaurant-time.js";
import { useWorkplace } from "../session/session-store.js";
import "./reports.css";

const DATE = "YYYY-MM-DD";

/** The restaurant's today (its zone, not the tablet's), as the picker's day. */
const restaurantToday = () => dayjs(formatDate(new Date(), restaurantZone()), DATE);

/** The range picker's quick choices, from the restaurant's today (the server reads days in its zone too). */
function presets(): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = restaurantToday();
  return [
    { label: REPORTS_COPY.presets.today, value: [today, today] },
    { label: REPORTS_COPY.presets.yesterday, value: [today.subtract(1, "day"), today.subtract(1, "day")] },
    { label: REPORTS_COPY.presets.last7, value: [today.subtract(6, "day"), today] },
    { label: REPORTS_COPY.presets.month, value: [today.startOf("month"), today] },
  ];
}

/** Orders per hour as bars; the hours outside the first and last with orders are left out. */
function HourBars({ byHour }: { byHour: ReportSummary["byHour"] }) {
  const busy = byHour.filter((slot) => slot.orders > 0);
  const first = busy[0]?.hour ?? 10;
  const last = busy.at(-1)?.hour ?? 21;
  const shown = byHour.filter((slot) => slot.hour >= Math.min(first, 10) && slot.hour <= Math.max(last, 21));
  const most = Math.max(1, ...shown.map((slot) => slot.orders));
  return (
    <div className="hour-bars" data-testid="hour-bars">
      {shown.map((slot) => (
        <Tooltip key={slot.hour} title={REPORTS_COPY.ordersAt(slot.hour, slot.orders)}>
          <div className="hour-bar">
            <span className="hour-bar-count">{slot.orders > 0 ? slot.orders : ""}</span>
            <div className="hour-bar-track">
              <div className="hour-bar-fill" style={{ height: `${(slot.orders / most) * 100}%` }} />
            </div>
            <span className="hour-bar-label">{slot.hour}</span>
          </div>
        </Tooltip>
      ))}
    </div>
  );
}

/** /console/reports: today's numbers, or a chosen range's, and the orders' CSV. */
export default function ReportsPage() {
  const { restaurantId } = useWorkplace();
  const [range, setRange] = useState<ReportRange>({});
  const [summary, setSummary] = useState<ReportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is how 重试 asks again
  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(null);
    fetchSummary(restaurantId, range)
      .then((answer) => {
        if (current) setSummary(answer);
      })
      .catch((caught: unknown) => {
        if (current) setError(caught instanceof ApiError ? caught.message : COMMON_COPY.network);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [restaurantId, range, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // the days shown: the answer's (today in the restaurant's zone when none was asked)
  const from = range.from ?? summary?.from;
  const to = range.to ?? summary?.to;
  const shownRange = from && to ? { from, to } : range;

  const columns = [
    { title: REPORTS_COPY.dish, dataIndex: "name", key: "name" },
    {
      title: REPORTS_COPY.quantity,
      dataIndex: "quantity",
      key: "quantity",
      align: "right" as const,
      width: 100,
    },
    {
      title: REPORTS_COPY.dishRevenue,
      dataIndex: "revenue",
      key: "revenue",
      align: "right" as const,
      width: 140,
      render: (value: string) => `${YUAN}${value}`,
    },
  ];

  return (
    <div className="reports-page" data-testid="reports-page">
      <div className="reports-toolbar">
        <Typography.Title level={3} className="reports-title">
          {REPORTS_COPY.title}
        </Typography.Title>
        <Space wrap>
          <DatePicker.RangePicker
            aria-label={REPORTS_COPY.range}
            allowClear={false}
            presets={presets()}
            value={from && to ? [dayjs(from, DATE), dayjs(to, DATE)] : null}
            onChange={(dates) => {
              const [start, end] = dates ?? [];
              if (start && end) setRange({ from: start.format(DATE), to: end.format(DATE) });
            }}
            disabledDate={(day) => day.isAfter(restaurantToday().add(1, "day"), "day")}
          />
          <Button icon={<ReloadOutlined />} onClick={retry} aria-label={REPORTS_COPY.retry} />
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={ordersCsvUrl(restaurantId, shownRange)}
            download
            data-testid="csv-download"
          >
            {REPORTS_COPY.download}
          </Button>
        </Space>
      </div>
      {error && (
        <Alert
          type="error"
          showIcon
          message={REPORTS_COPY.failed}
          description={error}
          action={<Button onClick={retry}>{REPORTS_COPY.retry}</Button>}
          className="reports-error"
        />
      )}
      <Row gutter={[16, 16]}>
        {[
          { key: "orders", title: REPORTS_COPY.orders, value: summary?.orders },
          { key: "revenue", title: REPORTS_COPY.revenue, value: summary?.revenue, prefix: YUAN },
          { key: "diners", title: REPORTS_COPY.diners, value: summary?.diners },
          {
            key: "average",
            title: REPORTS_COPY.averagePerDiner,
            value: summary ? (summary.averagePerDiner ?? REPORTS_COPY.noAverage) : undefined,
            prefix: summary?.averagePerDiner ? YUAN : undefined,
          },
        ].map((card) => (
          <Col key={card.key} xs={12} lg={6}>
            <Card data-testid={`stat-${card.key}`}>
              <Statistic
                title={card.title}
                value={card.value ?? 0}
                prefix={card.prefix}
                loading={loading && !summary}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} className="reports-details">
        <Col xs={24} lg={13}>
          <Card title={REPORTS_COPY.topDishes} size="small">
            <Table<TopDish>
              rowKey="foodId"
              size="small"
              pagination={false}
              loading={loading}
              columns={columns}
              dataSource={summary?.topDishes ?? []}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={REPORTS_COPY.noDishes} />,
              }}
              data-testid="top-dishes"
            />
          </Card>
        </Col>
        <Col xs={24} lg={11}>
          <Card title={REPORTS_COPY.byHour} size="small">
            {summary && <HourBars byHour={summary.byHour} />}
          </Card>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" className="reports-note">
        {REPORTS_COPY.note}
      </Typography.Paragraph>
    </div>
  );
}
