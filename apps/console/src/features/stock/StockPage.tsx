import { ReloadOutlined } from "@ant-design/icons";
import {
  formatIsoDateTime,
  type StockAddition,
  type StockChange,
  type StockDish,
  type StockOverview,
} from "@tablemate/core";
import {
  Alert,
  App as AntApp,
  Button,
  Dropdown,
  Input,
  InputNumber,
  Modal,
  Radio,
  Segmented,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useEffect, useMemo, useState } from "react";
import { ApiError } from "../../api/http.js";
import { changeAdditionStock, changeDishStock, readStock, setPos } from "../../api/stock.js";
import { STOCK_COPY } from "../../copy/index.js";
import { useWorkplace } from "../session/session-store.js";
import "./stock.css";

/** the refusal of a count set over a count an order changed meanwhile (core's ERRORS.stockChanged) */
const STOCK_CHANGED = 4181;

/** one toast at a time: each action's replaces the last one's, so a run of taps never covers the list */
const TOAST = "stock-action";

type Item = StockDish | StockAddition;
type Kind = "dishes" | "additions";

/** HH:MM of an instant on the restaurant's clock (core's dates.ts). */
const clockTime = (iso: string, timeZone: string) => formatIsoDateTime(iso, timeZone).slice(11);

function StateTag({ item, timezone }: { item: Item; timezone: string }) {
  const { states } = STOCK_COPY;
  if (item.state === "snoozed" && item.snoozedUntil)
    return <Tag color="orange">{states.snoozed(clockTime(item.snoozedUntil, timezone))}</Tag>;
  if (item.state === "soldOut") return <Tag color="red">{states.soldOut}</Tag>;
  if (item.available === 0) return <Tag color="default">{states.comboBlocked}</Tag>;
  if (item.state === "counted") return <Tag color="blue">{states.counted(item.estimate)}</Tag>;
  return <Tag color="green">{states.onSale}</Tag>;
}

/** /console/stock: 估清, 恢复, snoozes and counts per dish and addition; the POS switch. */
export default function StockPage() {
  const { restaurantId } = useWorkplace();
  const { message } = AntApp.useApp();
  const [overview, setOverview] = useState<StockOverview | null>(null);
  const [kind, setKind] = useState<Kind>("dishes");
  const [category, setCategory] = useState<number | "all">("all");
  const [search, setSearch] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ kind: Kind; item: Item } | null>(null);

  const load = useCallback(async () => {
    try {
      setOverview(await readStock(restaurantId));
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  }, [restaurantId, message]);

  useEffect(() => {
    void load();
  }, [load]);

  const change = useCallback(
    async (itemKind: Kind, item: Item, body: StockChange, done?: string) => {
      const key = `${itemKind}:${item.id}`;
      setBusy(key);
      try {
        const changed =
          itemKind === "dishes"
            ? await changeDishStock(restaurantId, item.id, body)
            : await changeAdditionStock(restaurantId, item.id, body);
        if (done) message.success({ content: done, key: TOAST });
        setOverview((current) => {
          if (!current) return current;
          if (itemKind === "additions")
            return {
              ...current,
              additions: current.additions.map((a) => (a.id === changed.id ? (changed as StockAddition) : a)),
            };
          return {
            ...current,
            dishes: current.dishes.map((d) => (d.id === changed.id ? (changed as StockDish) : d)),
          };
        });
        // a part's change may sell a combo out or bring it back: read the rest again
        if (itemKind === "dishes") void load();
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.code === STOCK_CHANGED) {
          message.warning({ content: STOCK_COPY.changed, key: TOAST });
          await load();
        } else message.error(error instanceof Error ? error.message : String(error));
        return false;
      } finally {
        setBusy(null);
      }
    },
    [restaurantId, message, load],
  );

  const togglePos = async (online: boolean) => {
    try {
      await setPos(restaurantId, online);
      message.success({ content: online ? STOCK_COPY.pos.turnedOn : STOCK_COPY.pos.turnedOff, key: TOAST });
      setOverview((current) => (current ? { ...current, posOnline: online } : current));
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const timezone = overview?.timezone ?? "Asia/Shanghai";
  const rows: Item[] = useMemo(() => {
    if (!overview) return [];
    const text = search.trim();
    if (kind === "additions") return overview.additions.filter((a) => !text || a.name.includes(text));
    return overview.dishes.filter(
      (d) => (category === "all" || d.categoryId === category) && (!text || d.name.includes(text)),
    );
  }, [overview, kind, category, search]);

  const columns: ColumnsType<Item> = [
    {
      title: kind === "dishes" ? STOCK_COPY.dishes : STOCK_COPY.additions,
      dataIndex: "name",
      render: (_, item) => (
        <Space size={6}>
          <span className="stock-name">{item.name}</span>
          {"isCombo" in item && item.isCombo ? <Tag>{STOCK_COPY.combo}</Tag> : null}
          {"categoryName" in item ? (
            <Typography.Text type="secondary">{item.categoryName}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: "",
      key: "state",
      width: 170,
      render: (_, item) => <StateTag item={item} timezone={timezone} />,
    },
    {
      title: "",
      key: "actions",
      width: 330,
      align: "right",
      render: (_, item) => {
        const loading = busy === `${kind}:${item.id}`;
        const off = item.state === "soldOut" || item.state === "snoozed";
        return (
          <Space size={8} className="stock-actions">
            {off ? (
              <Button
                data-testid={`restore-${item.id}`}
                loading={loading}
                onClick={() => change(kind, item, { action: "restore" }, STOCK_COPY.done.restore(item.name))}
              >
                {STOCK_COPY.restore}
              </Button>
            ) : (
              <Button
                danger
                data-testid={`sold-out-${item.id}`}
                loading={loading}
                onClick={() => change(kind, item, { action: "soldOut" }, STOCK_COPY.done.soldOut(item.name))}
              >
                {STOCK_COPY.soldOut}
              </Button>
            )}
            <Dropdown
              trigger={["click"]}
              menu={{
                items: [
                  { key: "1", label: STOCK_COPY.snoozeHours(1) },
                  { key: "2", label: STOCK_COPY.snoozeHours(2) },
                  { key: "close", label: STOCK_COPY.snoozeUntilClose },
                  ...(item.state === "snoozed" ? [{ key: "off", label: STOCK_COPY.unsnooze }] : []),
                ],
                onClick: ({ key }) => {
                  const body: StockChange =
                    key === "close"
                      ? { action: "snoozeUntilClose" }
                      : key === "off"
                        ? { action: "unsnooze" }
                        : { action: "snooze", hours: Number(key) };
                  void change(kind, item, body, STOCK_COPY.done.snooze(item.name));
                },
              }}
            >
              <Button data-testid={`snooze-${item.id}`}>{STOCK_COPY.snooze}</Button>
            </Dropdown>
            <Button data-testid={`count-${item.id}`} onClick={() => setEditing({ kind, item })}>
              {STOCK_COPY.setCount}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <div data-testid="stock-page" className="stock-page">
      <div className="stock-head">
        <Typography.Title level={3} className="stock-title">
          {STOCK_COPY.title}
        </Typography.Title>
        <Space size={12} align="center">
          <span className="stock-pos">
            {STOCK_COPY.pos.label}
            <Switch
              data-testid="pos-switch"
              checked={overview?.posOnline ?? true}
              checkedChildren={STOCK_COPY.pos.on}
              unCheckedChildren={STOCK_COPY.pos.off}
              disabled={!overview}
              onChange={(online) => void togglePos(online)}
            />
          </span>
          <Button icon={<ReloadOutlined />} onClick={() => void load()}>
            {STOCK_COPY.refresh}
          </Button>
        </Space>
      </div>
      {overview && !overview.posOnline ? (
        <Alert type="warning" showIcon message={STOCK_COPY.pos.offHint} className="stock-alert" />
      ) : null}
      <div className="stock-filters">
        <Segmented<Kind>
          value={kind}
          onChange={setKind}
          options={[
            { value: "dishes", label: STOCK_COPY.dishes },
            { value: "additions", label: STOCK_COPY.additions },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={STOCK_COPY.search}
          className="stock-search"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {kind === "dishes" && overview ? (
        <div className="stock-categories">
          <Segmented<number | "all">
            value={category}
            onChange={setCategory}
            options={[
              { value: "all", label: STOCK_COPY.allCategories },
              ...overview.categories.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        </div>
      ) : null}
      <Table<Item>
        rowKey="id"
        size="middle"
        loading={!overview}
        columns={columns}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        onRow={(item) => ({ "data-testid": `stock-row-${item.id}` }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: kind === "dishes" ? STOCK_COPY.empty : STOCK_COPY.noAdditions }}
      />
      {editing ? (
        <CountEditor
          item={editing.item}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            if (await change(editing.kind, editing.item, body, STOCK_COPY.done.count(editing.item.name)))
              setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** Sets "n left now" (over the count shown: the server refuses if an order changed it) or restocks on top. */
function CountEditor({
  item,
  onClose,
  onSave,
}: {
  item: Item;
  onClose: () => void;
  onSave: (body: StockChange) => Promise<void>;
}) {
  const [mode, setMode] = useState<"count" | "add">("count");
  const [value, setValue] = useState<number | null>(item.estimate > 0 ? item.estimate : null);
  const valid =
    value !== null &&
    Number.isInteger(value) &&
    value >= 0 &&
    value <= 99_999 &&
    (mode === "count" || value > 0);
  return (
    <Modal
      open
      title={STOCK_COPY.countTitle(item.name)}
      okText={STOCK_COPY.save}
      cancelText={STOCK_COPY.cancel}
      okButtonProps={{ disabled: !valid, ...{ "data-testid": "count-save" } }}
      onCancel={onClose}
      onOk={() => {
        if (!valid || value === null) return;
        void onSave(
          mode === "count"
            ? { action: "count", estimate: value, expected: item.estimate }
            : { action: "add", delta: value },
        );
      }}
    >
      <Space direction="vertical" size={12} style={{ width: "100%" }}>
        <Typography.Text type="secondary">
          {item.estimate === -1 ? STOCK_COPY.countUnlimited : STOCK_COPY.countNow(item.estimate)}
        </Typography.Text>
        <Radio.Group value={mode} onChange={(event) => setMode(event.target.value)}>
          <Radio value="count">{STOCK_COPY.countLabel}</Radio>
          <Radio value="add" disabled={item.estimate === -1}>
            {STOCK_COPY.restock}
          </Radio>
        </Radio.Group>
        <InputNumber
          data-testid="count-input"
          autoFocus
          min={0}
          max={99_999}
          precision={0}
          value={value}
          onChange={(next) => setValue(next)}
          style={{ width: 200 }}
          size="large"
        />
        {value !== null && !valid ? (
          <Typography.Text type="danger">{STOCK_COPY.countInvalid}</Typography.Text>
        ) : null}
      </Space>
    </Modal>
  );
}
