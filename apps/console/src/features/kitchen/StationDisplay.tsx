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
import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { ApiError } from "../../api/http.js";
import { bumpTicket, recallBump, stationDisplay } from "../../api/kitchen.js";
import { KITCHEN_COPY } from "../../copy/index.js";
import { unlockAudio } from "../../sound.js";
import { useTicketClock } from "./clock.js";
import { useDrawnCount } from "./drawn-count.js";
import { watchKitchen } from "./kitchen-live.js";
import { chime, kitchenMute } from "./sound.js";
import { TicketCard } from "./TicketCard.js";
import { applyTicket, inNumberOrder, ticketBumpTarget } from "./tickets-state.js";

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

/**
 * The thresholds held while a read answers the same ones: every card takes them as a prop, so a new
 * object with the same values would render all 300 cards again.
 */
const sameTimers = (held: Display["timers"], read: Display["timers"]): Display["timers"] =>
  held.orangeAfterMin === read.orangeAfterMin && held.redAfterMin === read.redAfterMin ? held : read;

/** How long a display waits for its socket before reading its tickets without it. */
const SOCKET_WAIT_MS = 2000;

/** How often a display without its socket reads its tickets. */
const OFFLINE_POLL_MS = 5000;

/** Where the console's print page is (opened in a new tab, so the display keeps running). */
export const printUrl = (kind: "ticket" | "bill", id: number, reprint = false) =>
  `/console/print/${kind}/${id}${reprint ? "?reprint=1" : ""}`;

/**
 * A station's kitchen display: its open tickets by number, oldest first (large type, timers turning
 * orange then red), bump and recall, the all-day counts, a chime on a new ticket, kept live by the
 * console socket. News of one ticket renders one card (tickets-state.ts keeps the others' objects, the
 * callbacks and the clock are stable); a display opening on 300 tickets draws them a few per task.
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
  const [muted, setMute] = useState(kitchenMute.load);
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
      let list = inNumberOrder(display.tickets);
      for (const t of log.since.slice(from)) list = applyTicket(list, station.id, t);
      setTickets((held) => keepUnchanged(held, list));
      setLastBump(display.lastBump);
      setTimers((held) => sameTimers(held, display.timers));
    } finally {
      log.loading--;
      if (!log.loading) log.since = [];
    }
  }, [restaurantId, station.id]);

  // The display is read once its socket is open, so news from then on lands on top of the read (none
  // missed between the two), and again on each reconnect: one read of 300 tickets, not one at mount and
  // another when the socket opens. A socket slow to open, or down, leaves the display to read itself.
  useEffect(() => {
    let read = false;
    const readNow = () => {
      read = true;
      load().catch((error: Error) => message.error(error.message));
    };
    const slowSocket = setTimeout(() => read || readNow(), SOCKET_WAIT_MS);
    const stop = watchKitchen(restaurantId, {
      onNews({ type, ticket }) {
        if (ticket.stationId !== station.id) return;
        if (type === "ticket.created" && !ticketsRef.current.some((t) => t.id === ticket.id)) chime();
        if (news.current.loading) news.current.since.push(ticket);
        // a transition: React renders the display in slices it can interrupt, so news arriving while
        // 300 cards are up never blocks a tap (a bump is an urgent update and goes first)
        startTransition(() => setTickets((held) => applyTicket(held, station.id, ticket)));
      },
      onOpen() {
        setOnline(true);
        readNow();
      },
      onDown() {
        setOnline(false);
        if (!read) readNow();
      },
    });
    return () => {
      clearTimeout(slowSocket);
      stop();
    };
  }, [restaurantId, station.id, load, message]);

  // browsers allow sound only after a tap: the first one anywhere on the display unlocks the chime
  useEffect(() => {
    window.addEventListener("pointerdown", unlockAudio, { once: true });
    return () => window.removeEventListener("pointerdown", unlockAudio);
  }, []);

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

  const clock = useTicketClock(timers);
  const drawn = useDrawnCount(tickets.length);

  return (
    <div className="kitchen" data-testid="kitchen-display">
      <div className="kitchen-bar">
        <Space size="middle" wrap>
          <span className="kitchen-station">{station.name}</span>
          <Badge count={tickets.length} overflowCount={999} showZero color="#0958d9" />
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
              kitchenMute.save(!muted);
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
      <AllDay tickets={tickets} />
      {tickets.length === 0 ? (
        <Empty className="kitchen-empty" description={KITCHEN_COPY.empty} />
      ) : (
        <div className="kitchen-tickets">
          {(drawn < tickets.length ? tickets.slice(0, drawn) : tickets).map((t) => (
            <TicketCard
              key={t.id}
              ticket={t}
              timers={timers}
              clock={clock}
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

/**
 * The all-day counts of the display's tickets. They follow in a render of their own, after the cards:
 * summing 300 tickets is no reason to hold up drawing the one that changed.
 */
const AllDay = memo(function AllDay({ tickets }: { tickets: readonly KitchenTicket[] }) {
  const counted = useDeferredValue(tickets);
  const allDay = useMemo(() => ticketsAllDay(counted), [counted]);
  return (
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
  );
});

const nextOf = (state: ItemState): BumpTarget | null => nextItemState(state) as BumpTarget | null;
const targetOf = (ticket: KitchenTicket): BumpTarget | null => ticketBumpTarget(ticket);
