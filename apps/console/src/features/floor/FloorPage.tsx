import { BellOutlined, MutedOutlined, SoundOutlined, UserOutlined } from "@ant-design/icons";
import { type FloorTable, TABLE_STATES } from "@tablemate/core";
import { Alert, Badge, Button, Empty, Space, Spin, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { FLOOR_COPY } from "../../copy/index.js";
import { audioReady, unlockAudio } from "../../sound.js";
import { PrinterAlert } from "../print/PrinterAlert.js";
import { useWorkplace } from "../session/session-store.js";
import { floorMute } from "./beep.js";
import { STATE_COLORS } from "./state-colors.js";
import { TableDrawer } from "./TableDrawer.js";
import { useLiveFloor } from "./use-live-floor.js";
import "./floor.css";

/** A card's money: as ordered until something is paid, then what was paid of it (settlement's figures). */
function cardMoney(table: Pick<FloorTable, "total" | "paidTotal" | "paid">): string {
  if (table.paid) return FLOOR_COPY.paidInFull(table.paidTotal);
  return Number(table.paidTotal) > 0
    ? FLOOR_COPY.partlyPaid(table.total, table.paidTotal)
    : FLOOR_COPY.cardOrdered(table.total);
}

function TableCard({ table, unseen, onOpen }: { table: FloorTable; unseen: boolean; onOpen(): void }) {
  const colors = STATE_COLORS[table.state];
  const dinerCount = table.personNum || table.diners;
  return (
    <button
      type="button"
      className={unseen ? "floor-card unseen" : "floor-card"}
      style={{ background: colors.background, borderColor: colors.edge }}
      onClick={onOpen}
      data-testid={`table-card-${table.tableId}`}
      data-state={table.state}
    >
      <div className="floor-card-head">
        <span className="floor-card-name">{table.name}</span>
        {table.calls.length > 0 && (
          <Badge count={table.calls.length} size="small">
            <BellOutlined className="floor-card-bell" />
          </Badge>
        )}
      </div>
      <div className="floor-card-state" style={{ color: colors.text }}>
        {FLOOR_COPY.states[table.state]}
      </div>
      {table.visitId !== null && (
        <div className="floor-card-facts">
          {table.minutesSeated !== null && <span>{FLOOR_COPY.minutes(table.minutesSeated)}</span>}
          {dinerCount > 0 && (
            <span>
              <UserOutlined /> {dinerCount}
            </span>
          )}
          {table.openOrders > 0 && <span data-testid="card-money">{cardMoney(table)}</span>}
        </div>
      )}
      <div className="floor-card-badges">
        {table.newOrders > 0 && (
          <Tag color="red" data-testid="new-orders">
            {FLOOR_COPY.newOrders} {table.newOrders}
          </Tag>
        )}
        {table.heldOrders > 0 && (
          <Tag color="volcano">
            {FLOOR_COPY.held} {table.heldOrders}
          </Tag>
        )}
      </div>
    </button>
  );
}

/**
 * /console/floor: every table as a card coloured by its state (the legend), with minutes seated,
 * diner count and badges for new orders and calls; a beep on new orders and calls (muted by the
 * toggle; audio starts after the page's first tap); a table's drawer with its detail and actions.
 */
export default function FloorPage() {
  const { restaurantId, role } = useWorkplace();
  const [muted, setMuted] = useState(floorMute.load);
  const [audible, setAudible] = useState(audioReady);
  const live = useLiveFloor(restaurantId, muted);
  const [openTable, setOpenTable] = useState<number | null>(null);

  // browsers allow sound only after a gesture: the first tap anywhere on the page unlocks it
  useEffect(() => {
    const unlock = () => {
      unlockAudio();
      setAudible(true);
    };
    window.addEventListener("pointerdown", unlock, { once: true });
    return () => window.removeEventListener("pointerdown", unlock);
  }, []);

  const toggleSound = () => {
    unlockAudio();
    setAudible(true);
    setMuted((m) => {
      floorMute.save(!m);
      return !m;
    });
  };

  const open = (tableId: number) => {
    setOpenTable(tableId);
    live.markSeen(tableId);
  };

  return (
    <div className="floor-page" data-testid="floor-page">
      <PrinterAlert restaurantId={restaurantId} />
      <header className="floor-header">
        <Space align="center" wrap>
          <Typography.Title level={3} className="floor-title">
            {FLOOR_COPY.title}
          </Typography.Title>
          <Tag color={live.status === "open" ? "green" : "orange"} data-testid="floor-live">
            {live.status === "open" ? FLOOR_COPY.live : FLOOR_COPY.offline}
          </Tag>
        </Space>
        <Button
          icon={muted ? <MutedOutlined /> : <SoundOutlined />}
          onClick={toggleSound}
          aria-pressed={!muted}
          data-testid="sound-toggle"
        >
          {muted ? FLOOR_COPY.soundOff : FLOOR_COPY.soundOn}
        </Button>
      </header>
      {!muted && !audible && <Typography.Text type="secondary">{FLOOR_COPY.soundNeedsTap}</Typography.Text>}
      <div className="floor-legend" title={FLOOR_COPY.legend}>
        {TABLE_STATES.map((state) => (
          <span key={state} className="floor-legend-item">
            <i
              style={{ background: STATE_COLORS[state].background, borderColor: STATE_COLORS[state].edge }}
            />
            {FLOOR_COPY.states[state]}
          </span>
        ))}
      </div>
      {live.error && !live.floor && (
        <Alert
          type="error"
          message={FLOOR_COPY.loadFailed}
          description={live.error}
          action={<Button onClick={live.reload}>{FLOOR_COPY.retry}</Button>}
        />
      )}
      {!live.floor ? (
        !live.error && <Spin />
      ) : live.floor.tables.length === 0 ? (
        <Empty description={FLOOR_COPY.empty} />
      ) : (
        <div className="floor-grid">
          {live.floor.tables.map((table) => (
            <TableCard
              key={table.tableId}
              table={table}
              unseen={live.unseen.has(table.tableId)}
              onOpen={() => open(table.tableId)}
            />
          ))}
        </div>
      )}
      <TableDrawer
        rid={restaurantId}
        role={role}
        tableId={openTable}
        revision={live.revision}
        onClose={() => setOpenTable(null)}
        onChanged={live.reload}
      />
    </div>
  );
}
