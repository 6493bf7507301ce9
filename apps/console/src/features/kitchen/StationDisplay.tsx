import { MutedOutlined, SoundOutlined, UndoOutlined } from "@ant-design/icons";
import {
  type BumpTarget,
  DEFAULT_TIMER_THRESHOLDS,
  type StationDisplay as Display,
  type ItemState,
  type KitchenTicket,
  nextItemState,
  type Station,
  ticketsAllDay,
} from "@tablemate/core";
import { App, Badge, Button, Empty, Space, Tag } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../../api/http.js";
import { bumpTicket, recallBump, stationDisplay } from "../../api/kitchen.js";
import { KITCHEN_COPY } from "../../copy/index.js";
import { useTicketClock } from "./clock.js";
import { watchKitchen } from "./kitchen-live.js";
import { chime, isMuted, setMuted, unlockAudio } from "./sound.js";
import { TicketCard } from "./TicketCard.js";
import { applyTicket, ticketBumpTarget } from "./tickets-state.js";

/**
 * A re-read display keeps the ticket objects it already holds at the same version, so the cards that
 * did not change do not render again (a reconnect or a poll with 300 tickets stays cheap).
 */
function keepUnchanged(held: readonly KitchenTicket[], read: KitchenTicket[]): KitchenTicket[] {
  const byId = new Map(held.map((t) => [t.id, t]));
  return read.map((t) => {
    const same = byId.get(t.id);
    return same && same.version === t.version ? same : t;
  });
}

/** How often a display without its socket reads its tickets. */
const OFFLINE_POLL_MS = 5000;

/** Where the console's print page is (opened in a new tab, so the display keeps running). */
export const printUrl = (kind: "ticket" | "bill", id: number, reprint = false) =>
  `/console/print/${kind}/${id}${reprint ? "?reprint=1" : ""}`;

/**
 * A station's kitchen display: its open tickets oldest first (large type, timers turning orange then
 * red), bump and recall, the all-day counts, a chime on a new ticket, kept live by the console socket.
 */
export function StationDisplay({
  restaurantId,
  station,
  onLeave,
}: {
  restaurantId: number;
  station: Station;
  onLeave(): void;
}) {
  const { message } = App.useApp();
  const [tickets, setTickets] = useState<KitchenTicket[]>([]);
  const [lastBump, setLastBump] = useState<Display["lastBump"]>(null);
  const [timers, setTimers] = useState(DEFAULT_TIMER_THRESHOLDS);
  const [online, setOnline] = useState(true);
  const [muted, setMute] = useState(isMuted);
  const [busy, setBusy] = useState<number | null>(null);
  const ticketsRef = useRef(tickets);
  ticketsRef.current = tickets;

  // news that arrives while the display is being read is applied on top of what the read answers
  const news = useRef<{ loading: number; since: KitchenTicket[] }>({ loading: 0, since: [] });
  const load = useCallback(async () => {
    const log = news.current;
    log.loading++;
    const from = log.since.length;
    try {
      const display = await stationDisplay(restaurantId, station.id);
      let list = display.tickets;
      for (const t of log.since.slice(from)) list = applyTicket(list, station.id, t);
      setTickets((held) => keepUnchanged(held, list));
      setLastBump(display.lastBump);
      setTimers(display.timers);
    } finally {
      log.loading--;
      if (!log.loading) log.since = [];
    }
  }, [restaurantId, station.id]);

  useEffect(() => {
    load().catch((error: Error) => message.error(error.message));
    return watchKitchen(restaurantId, {
      onNews({ type, ticket }) {
        if (ticket.stationId !== station.id) return;
        if (type === "ticket.created" && !ticketsRef.current.some((t) => t.id === ticket.id)) chime();
        if (news.current.loading) news.current.since.push(ticket);
        setTickets((held) => applyTicket(held, station.id, ticket));
      },
      onOpen() {
        setOnline(true);
        load().catch(() => {});
      },
      onDown() {
        setOnline(false);
      },
    });
  }, [restaurantId, station.id, load, message]);

  // while the socket is down the display reads itself every few seconds, so it never silently goes stale
  useEffect(() => {
    if (online) return;
    const timer = setInterval(() => load().catch(() => {}), OFFLINE_POLL_MS);
    return () => clearInterval(timer);
  }, [online, load]);

  const onBump = useCallback(
    async (ticket: KitchenTicket, itemId?: number) => {
      unlockAudio();
      const item = ticket.items.find((i) => i.id === itemId);
      const to = item ? nextOf(item.state) : targetOf(ticket);
      if (!to) return;
      setBusy(ticket.id);
      try {
        const answer = await bumpTicket(restaurantId, ticket.id, {
          version: ticket.version,
          to,
          ...(item && { itemIds: [item.id] }),
        });
        setTickets((held) => applyTicket(held, station.id, answer.ticket));
        setLastBump({ id: answer.bumpId, ticketId: ticket.id, at: new Date().toISOString(), by: "" });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          message.warning(KITCHEN_COPY.changed);
          await load().catch(() => {});
        } else message.error(error instanceof Error ? error.message : KITCHEN_COPY.failed);
      } finally {
        setBusy(null);
      }
    },
    [restaurantId, station.id, load, message],
  );

  const onRecall = async () => {
    if (!lastBump) {
      message.info(KITCHEN_COPY.nothingToRecall);
      return;
    }
    try {
      const answer = await recallBump(restaurantId, station.id, lastBump.id);
      setTickets((held) => {
        const without = held.filter((t) => t.id !== answer.ticket.id);
        return applyTicket(without, station.id, answer.ticket);
      });
      setLastBump(answer.lastBump);
      message.success(KITCHEN_COPY.recalled);
    } catch (error) {
      message.error(error instanceof Error ? error.message : KITCHEN_COPY.failed);
      await load().catch(() => {});
    }
  };

  const onPrint = useCallback((ticket: KitchenTicket, reprint: boolean) => {
    window.open(printUrl("ticket", ticket.id, reprint), "_blank");
  }, []);

  const allDay = useMemo(() => ticketsAllDay(tickets), [tickets]);
  const grid = useRef<HTMLDivElement>(null);
  useTicketClock(grid, timers, tickets);

  return (
    <div className="kitchen" data-testid="kitchen-display">
      <div className="kitchen-bar">
        <Space size="middle" wrap>
          <span className="kitchen-station">{station.name}</span>
          <Badge count={tickets.length} overflowCount={999} showZero color="#1677ff" />
          {!online && <Tag color="red">{KITCHEN_COPY.offline}</Tag>}
        </Space>
        <Space wrap>
          <Button
            size="large"
            icon={<UndoOutlined />}
            onClick={onRecall}
            disabled={!lastBump}
            data-testid="recall"
          >
            {KITCHEN_COPY.recall}
          </Button>
          <Button
            size="large"
            icon={muted ? <MutedOutlined /> : <SoundOutlined />}
            onClick={() => {
              setMuted(!muted);
              setMute(!muted);
              if (muted) unlockAudio();
            }}
            data-testid="mute"
          >
            {muted ? KITCHEN_COPY.unmute : KITCHEN_COPY.mute}
          </Button>
          <Button size="large" onClick={onLeave}>
            {KITCHEN_COPY.changeStation}
          </Button>
        </Space>
      </div>
      <div className="kitchen-all-day" data-testid="all-day">
        <span className="kitchen-all-day-title">{KITCHEN_COPY.allDay}</span>
        {allDay.length === 0
          ? KITCHEN_COPY.allDayEmpty
          : allDay.map((a) => (
              <span key={a.foodId} className="kitchen-all-day-item">
                {a.name} <b>{a.count}</b>
              </span>
            ))}
      </div>
      {tickets.length === 0 ? (
        <Empty className="kitchen-empty" description={KITCHEN_COPY.empty} />
      ) : (
        <div className="kitchen-tickets" ref={grid}>
          {tickets.map((t) => (
            <TicketCard
              key={t.id}
              ticket={t}
              timers={timers}
              busy={busy === t.id}
              onBump={onBump}
              onPrint={onPrint}
            />
          ))}
        </div>
      )}
    </div>
  );
}

const nextOf = (state: ItemState): BumpTarget | null => nextItemState(state) as BumpTarget | null;
const targetOf = (ticket: KitchenTicket): BumpTarget | null => ticketBumpTarget(ticket);
