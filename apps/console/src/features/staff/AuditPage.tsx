import type { AuditPage as AuditAnswer, AuditEntryView, StaffMember } from "@tablemate/core";
import { Button, DatePicker, Select, Table, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useMemo, useState } from "react";
import * as api from "../../api/staff.js";
import { AUDIT_COPY, COMMON_COPY } from "../../copy/index.js";
import { useWorkplace } from "../session/session-store.js";
import { shortTime, useLoad } from "./use-load.js";
import "./staff.css";

const C = AUDIT_COPY;
const PAGE_SIZE = 20;

/** One value of a before/after, readably: roles by name, booleans as 是/否, times as times. */
function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined) return C.none;
  if (key === "role" && typeof value === "string" && value in COMMON_COPY.roles)
    return COMMON_COPY.roles[value as keyof typeof COMMON_COPY.roles];
  if (typeof value === "boolean") return value ? C.yes : C.no;
  if (typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value)) return shortTime(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value === null || value === undefined
    ? null
    : typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { "": value };

/** What changed, one field a line: `角色 服务员 → 收银员`; a field only after (a creation) shows its value. */
export function Change({ entry }: { entry: AuditEntryView }) {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  if (!before && !after) return <Typography.Text type="secondary">{C.none}</Typography.Text>;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return (
    <ul className="audit-change">
      {keys.map((key) => (
        <li key={key}>
          {key && <Typography.Text type="secondary">{C.fields[key] ?? key} </Typography.Text>}
          {before && after ? (
            <>
              <span>{valueText(key, before[key])}</span>
              {" → "}
              <Typography.Text strong>{valueText(key, after[key])}</Typography.Text>
            </>
          ) : (
            <Typography.Text strong>{valueText(key, (after ?? before)?.[key])}</Typography.Text>
          )}
        </li>
      ))}
    </ul>
  );
}

/** An entry's target, readably: `staff:9` → 员工 #9. */
export function targetText(target: string): string {
  const [kind = "", id = ""] = target.split(":");
  const label = C.targets[kind];
  return label && id ? `${label} #${id}` : target;
}

/** read each render: the words are those of the language shown */
const actionOptions = () => Object.entries(C.actions).map(([value, label]) => ({ value, label }));

/** /console/audit: the audit log, newest first, by time range, action and who (audit.read). */
export default function AuditPage() {
  const { restaurantId } = useWorkplace();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [action, setAction] = useState<string | undefined>();
  const [actor, setActor] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const filter = {
    from: range?.[0]?.startOf("day").toISOString(),
    to: range?.[1]?.add(1, "day").startOf("day").toISOString(),
    action,
    actor,
    page,
    pageSize: PAGE_SIZE,
  };
  const { data, loading } = useLoad<AuditAnswer>(
    () => api.readAuditLog(restaurantId, filter),
    `${restaurantId}|${JSON.stringify(filter)}`,
  );
  // who may be filtered by: the restaurant's staff (audit readers may manage staff too)
  const staff = useLoad<StaffMember[]>(() => api.listStaff(restaurantId).catch(() => []), restaurantId);
  const actorOptions = useMemo(
    () => [
      ...(staff.data ?? []).map((m) => ({
        value: `staff:${m.accountId}`,
        label: `${m.name}${COMMON_COPY.parens(m.login)}`,
      })),
      { value: "system", label: C.system },
    ],
    [staff.data],
  );

  const columns = [
    { title: C.columns.at, dataIndex: "at", width: 140, render: shortTime },
    { title: C.columns.actor, dataIndex: "actorName", width: 96 },
    { title: C.columns.action, dataIndex: "action", width: 128, render: (a: string) => C.actions[a] ?? a },
    { title: C.columns.target, dataIndex: "target", width: 104, render: targetText },
    {
      title: C.columns.approver,
      dataIndex: "approverName",
      width: 80,
      render: (name: string | null) => name ?? <Typography.Text type="secondary">{C.none}</Typography.Text>,
    },
    {
      title: C.columns.change,
      key: "change",
      render: (_: unknown, entry: AuditEntryView) => <Change entry={entry} />,
    },
  ];

  const reset = () => {
    setRange(null);
    setAction(undefined);
    setActor(undefined);
    setPage(1);
  };

  return (
    <div data-testid="audit-page">
      <div className="staff-toolbar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {C.heading}
        </Typography.Title>
      </div>
      <div className="staff-filters">
        <DatePicker.RangePicker
          aria-label={C.filters.range}
          placeholder={[C.filters.from, C.filters.to]}
          value={range}
          onChange={(value) => {
            setRange(value);
            setPage(1);
          }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={C.filters.action}
          aria-label={C.filters.action}
          style={{ width: 170 }}
          value={action}
          options={actionOptions()}
          onChange={(value) => {
            setAction(value);
            setPage(1);
          }}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={C.filters.actor}
          aria-label={C.filters.actor}
          style={{ width: 190 }}
          value={actor}
          options={actorOptions}
          onChange={(value) => {
            setActor(value);
            setPage(1);
          }}
        />
        <Button onClick={reset}>{C.filters.reset}</Button>
      </div>
      <Table<AuditEntryView>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={data?.entries ?? []}
        columns={columns}
        tableLayout="fixed"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: C.total,
          onChange: setPage,
        }}
      />
    </div>
  );
}
