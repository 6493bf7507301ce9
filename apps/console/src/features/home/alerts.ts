import type { ConsoleOrder, Floor, MoneyIssue, StockOverview } from "@tablemate/core";
import { COMMON_COPY, PAYMENTS_COPY } from "../../copy/index.js";

const A = COMMON_COPY.home.alert;

/** One thing on the home page that needs a person: what it says and where a tap takes them. */
export interface DashboardAlert {
  key: string;
  kind: "call" | "held" | "reservation" | "money" | "soldOut";
  text: string;
  /** a page of the console, or the order's detail */
  goTo: { page: string } | { orderId: number };
  /** ISO, for the order of the list (oldest first); soldOut has none */
  at: string | null;
}

/** What the home page could read (null: the role may not, or the read failed). */
export interface DashboardData {
  floor: Floor | null;
  orders: ConsoleOrder[] | null;
  issues: MoneyIssue[] | null;
  stock: StockOverview | null;
}

const minutesSince = (iso: string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));

/**
 * The live alerts: waiter calls (and 请求结账), orders the gate holds, reservations waiting for an
 * answer, money that needs a person, dishes sold out — calls and money first (a person is waiting),
 * each group oldest first.
 */
export function dashboardAlerts(data: DashboardData, now: Date): DashboardAlert[] {
  const calls: DashboardAlert[] = (data.floor?.tables ?? []).flatMap((table) =>
    table.calls.map((call) => ({
      key: `call-${call.callId}`,
      kind: "call" as const,
      text: (call.kind === "prepay" ? A.prepay : A.call)(table.name, minutesSince(call.at, now)),
      goTo: { page: "floor" },
      at: call.at,
    })),
  );
  const waiting = (data.orders ?? []).filter((o) => o.status === 0);
  const reservations: DashboardAlert[] = waiting
    .filter((o) => o.eatType === "reserve")
    .map((o) => ({
      key: `reservation-${o.orderId}`,
      kind: "reservation",
      text: A.reservation(o.contact?.name ?? "", o.contact?.time ?? "", o.orderId),
      goTo: { orderId: o.orderId },
      at: o.createdAt,
    }));
  const held: DashboardAlert[] = waiting
    .filter((o) => o.held && o.eatType !== "reserve")
    .map((o) => ({
      key: `held-${o.orderId}`,
      kind: "held",
      text: A.held(o.fastSerialNo || o.tableName, o.orderId),
      goTo: { orderId: o.orderId },
      at: o.createdAt,
    }));
  const money: DashboardAlert[] = (data.issues ?? []).map((issue, i) => ({
    key: `money-${issue.tradeNo ?? issue.refundNo ?? issue.intentId ?? i}-${issue.kind}`,
    kind: "money",
    text: A.money(PAYMENTS_COPY.kinds[issue.kind], issue.amount),
    goTo: { page: "payments" },
    at: issue.at,
  }));
  const soldOutNames = (data.stock?.dishes ?? []).filter((d) => d.state === "soldOut").map((d) => d.name);
  const soldOut: DashboardAlert[] = soldOutNames.length
    ? [
        {
          key: "sold-out",
          kind: "soldOut",
          text: A.soldOut(soldOutNames.join(COMMON_COPY.listSeparator)),
          goTo: { page: "stock" },
          at: null,
        },
      ]
    : [];
  const oldestFirst = (list: DashboardAlert[]) =>
    [...list].sort((a, b) => Date.parse(a.at ?? "") - Date.parse(b.at ?? ""));
  return [...oldestFirst([...calls, ...money]), ...oldestFirst([...held, ...reservations]), ...soldOut];
}

/** The floor's live numbers: tables with a visit, and orders nobody has taken yet. */
export function floorNumbers(floor: Floor): { seated: number; toAccept: number } {
  return {
    seated: floor.tables.filter((t) => t.visitId !== null).length,
    toAccept: floor.tables.reduce((sum, t) => sum + t.newOrders, 0),
  };
}
