import { PrinterOutlined } from "@ant-design/icons";
import {
  allergenConflicts,
  allergenWords,
  allergyLine,
  elapsedText,
  type KitchenTicket,
  orderNumber,
  type TicketItem,
  type TimerThresholds,
} from "@tablemate/core";
import { memo } from "react";
import { KITCHEN_COPY } from "../../copy/index.js";
import { foodLanguage } from "../../i18n/locale.js";
import { openOrder } from "../order-detail/open-order.js";
import { clockTime } from "../session/restaurant-time.js";
import { type TicketClock, timerClass } from "./clock.js";
import { ticketBumpTarget } from "./tickets-state.js";

/**
 * The ticket's age, coloured by the restaurant's thresholds. Rendered once; afterwards the display's
 * one clock (clock.ts) rewrites the text and colour of every timer in place each second, so no card
 * re-renders for the time (300 open tickets stay light).
 */
function Elapsed({ since, timers, clock }: { since: string; timers: TimerThresholds; clock: TicketClock }) {
  const ms = Date.now() - Date.parse(since);
  return (
    <span ref={clock.watch} className={timerClass(ms, timers)} data-since={since} data-testid="ticket-timer">
      {elapsedText(ms)}
    </span>
  );
}

const details = (item: TicketItem): string =>
  [
    item.normName,
    ...item.methodNames,
    ...item.additions.map((a) => `${a.name}×${a.count}`),
    ...item.parts.map((p) => `${p.name}×${p.count}`),
  ]
    .filter(Boolean)
    .join(" · ");

/** A line holding an allergy the table told of: ⚠ 含花生, bold (never colour alone). */
function AllergyMark({ item, allergies }: { item: TicketItem; allergies: readonly string[] }) {
  const held = allergenConflicts(item.allergens, allergies);
  if (held.length === 0) return null;
  return (
    <div className="ticket-item-allergy" data-testid="item-allergy">
      {KITCHEN_COPY.contains(allergenWords(held, foodLanguage()))}
    </div>
  );
}

export interface TicketCardProps {
  ticket: KitchenTicket;
  timers: TimerThresholds;
  /** the display's one clock for every timer (stable for the display's life) */
  clock: TicketClock;
  busy: boolean;
  onBump(ticket: KitchenTicket, itemId?: number): void;
  onPrint(ticket: KitchenTicket, reprint: boolean): void;
}

/**
 * One ticket: number, table, age, its items with their states (tap one to move it on), bump and print.
 * Memoized: the display hands every card the same props until its own ticket changes (a new version is a
 * new object; the others keep theirs), so news of one ticket renders one card.
 */
export const TicketCard = memo(function TicketCard({
  ticket,
  timers,
  clock,
  busy,
  onBump,
  onPrint,
}: TicketCardProps) {
  const target = ticketBumpTarget(ticket);
  const cancel = ticket.kind === "cancel";
  return (
    <article
      className={`ticket ${cancel ? "ticket-cancel" : ""}`}
      data-testid="ticket"
      data-ticket={ticket.id}
    >
      <header className="ticket-head">
        <button
          type="button"
          className="ticket-number"
          onClick={() => openOrder(ticket.orderId)}
          aria-label={KITCHEN_COPY.openOrder(orderNumber(ticket.orderId))}
          data-testid="ticket-open-order"
        >
          {orderNumber(ticket.orderId)}
        </button>
        <span className="ticket-table">{ticket.fastSerialNo || ticket.tableName}</span>
        {cancel && <span className="ticket-flag">{KITCHEN_COPY.cancelTicket}</span>}
        {!cancel && ticket.mainOrderId !== null && (
          <span className="ticket-flag ticket-flag-add">{KITCHEN_COPY.addOn}</span>
        )}
        <time className="ticket-at" dateTime={ticket.createdAt} data-testid="ticket-at">
          {clockTime(ticket.createdAt)}
        </time>
        <Elapsed since={ticket.createdAt} timers={timers} clock={clock} />
      </header>
      {ticket.allergies.length > 0 && (
        <div className="ticket-allergy" data-testid="ticket-allergy">
          {allergyLine(ticket.allergies)}
        </div>
      )}
      <ul className="ticket-items">
        {ticket.items.map((item) => (
          <li key={item.id} className={`ticket-item ticket-item-${item.state}`}>
            <button
              type="button"
              className="ticket-item-button"
              disabled={busy || cancel || item.state === "served" || item.state === "void"}
              onClick={() => onBump(ticket, item.id)}
            >
              <span className="ticket-item-name">{item.name}</span>
              <span className="ticket-item-count">×{item.count}</span>
              <span className="ticket-item-state" data-testid="item-state">
                {KITCHEN_COPY.states[item.state]}
              </span>
            </button>
            <AllergyMark item={item} allergies={ticket.allergies} />
            {details(item) && <div className="ticket-item-details">{details(item)}</div>}
            {item.memo && <div className="ticket-item-memo">{item.memo}</div>}
          </li>
        ))}
      </ul>
      {ticket.wholeMemo && <div className="ticket-memo">{ticket.wholeMemo}</div>}
      <footer className="ticket-actions">
        {target && (
          <button
            type="button"
            className={`ticket-bump ${cancel ? "ticket-bump-cancel" : ""}`}
            disabled={busy}
            onClick={() => onBump(ticket)}
            data-testid="bump"
          >
            {cancel ? KITCHEN_COPY.acknowledge : KITCHEN_COPY.bump[target]}
          </button>
        )}
        <button
          type="button"
          className="ticket-print"
          onClick={() => onPrint(ticket, false)}
          aria-label={KITCHEN_COPY.print}
          title={KITCHEN_COPY.print}
        >
          <PrinterOutlined />
        </button>
        <button
          type="button"
          className="ticket-print"
          onClick={() => onPrint(ticket, true)}
          data-testid="reprint"
        >
          {KITCHEN_COPY.reprint}
        </button>
      </footer>
    </article>
  );
});
