/**
 * The staff consoles of the bench: one WebSocket per signed-in session on `/console/ws?rid=` (the
 * console socket's contract: the session cookie on the upgrade, JSON messages `{topic, type, ...}`,
 * a hello first). Every `floor` message of type `orderPlaced` is recorded with its arrival time
 * (performance.now(), taken first thing in the message handler), by the socket it came on.
 */
import WebSocket from "ws";
import type { StaffSession } from "./restaurants.js";

/** The console socket's path (core's API.consoleSocket on the floor branch). */
export const CONSOLE_SOCKET_PATH = "/console/ws";

export interface Arrival {
  socket: number;
  at: number;
}

export class ConsoleFleet {
  /** every orderPlaced heard, by order id */
  readonly arrivals = new Map<number, Arrival[]>();
  /** messages of other types, by topic:type */
  readonly otherMessages: Record<string, number> = {};
  /** sockets that closed while the fleet was open, with their close codes */
  readonly closedEarly: Array<{ socket: number; code: number }> = [];
  private closing = false;

  private constructor(
    readonly sessions: StaffSession[],
    private readonly sockets: WebSocket[],
  ) {}

  /** Opens one socket per session, all at once; resolves once every socket has said hello. */
  static async open(baseUrl: string, sessions: StaffSession[]): Promise<ConsoleFleet> {
    const sockets: WebSocket[] = [];
    const fleet = new ConsoleFleet(sessions, sockets);
    const url = baseUrl.replace(/^http/, "ws");
    await Promise.all(
      sessions.map(
        (session, index) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(`${url}${CONSOLE_SOCKET_PATH}?rid=${session.rid}`, {
              headers: { cookie: session.cookie },
              perMessageDeflate: false,
            });
            sockets[index] = socket;
            let greeted = false;
            socket.on("message", (data) => {
              const at = performance.now();
              const message = JSON.parse(String(data)) as { topic?: string; type?: string; orderId?: number };
              if (
                message.topic === "floor" &&
                message.type === "orderPlaced" &&
                message.orderId !== undefined
              ) {
                const list = fleet.arrivals.get(message.orderId);
                if (list) list.push({ socket: index, at });
                else fleet.arrivals.set(message.orderId, [{ socket: index, at }]);
                return;
              }
              if (message.topic === "console" && message.type === "hello" && !greeted) {
                greeted = true;
                resolve();
                return;
              }
              const key = `${message.topic}:${message.type}`;
              fleet.otherMessages[key] = (fleet.otherMessages[key] ?? 0) + 1;
            });
            socket.on("unexpected-response", (_request, response) =>
              reject(new Error(`console socket for ${session.login}: HTTP ${response.statusCode}`)),
            );
            socket.on("error", (error) => reject(error));
            socket.on("close", (code) => {
              if (!greeted) reject(new Error(`console socket for ${session.login} closed (${code})`));
              else if (!fleet.closing) fleet.closedEarly.push({ socket: index, code });
            });
          }),
      ),
    );
    return fleet;
  }

  /** Forgets what was heard (e.g. between phases). */
  clear(): void {
    this.arrivals.clear();
    for (const key of Object.keys(this.otherMessages)) delete this.otherMessages[key];
  }

  /** Resolves once `orderIds` have each arrived `times` times, or after `timeoutMs`. */
  async settle(orderIds: number[], times: number, timeoutMs: number): Promise<number> {
    const start = performance.now();
    const missing = () => orderIds.filter((id) => (this.arrivals.get(id)?.length ?? 0) < times).length;
    while (missing() > 0 && performance.now() - start < timeoutMs)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return Math.round(performance.now() - start);
  }

  close(): Promise<void> {
    this.closing = true;
    return Promise.all(
      this.sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === WebSocket.CLOSED) return resolve();
            socket.once("close", () => resolve());
            socket.close();
            setTimeout(() => {
              socket.terminate();
              resolve();
            }, 2000).unref();
          }),
      ),
    ).then(() => undefined);
  }
}

export interface LiveCheck {
  /** accepted orders whose arrivals were checked */
  orders: number;
  /** arrivals expected: each order on each socket of its restaurant */
  expected: number;
  arrived: number;
  /** expected arrivals that never came */
  lost: number;
  /** arrivals on a socket of another restaurant than the order's */
  misdelivered: number;
  /** an order heard more than once on one socket */
  duplicates: number;
  /** orderPlaced messages for orders no accepted submit of this phase answered */
  unknown: number;
  /** delays of the expected arrivals, in ms from the answer's receipt (negative: heard before the answer) */
  delays: number[];
}

/** Checks each accepted order against what the sockets heard. `orders`: id → restaurant and answer time. */
export function checkArrivals(
  fleet: ConsoleFleet,
  orders: Map<number, { rid: number; answeredAt: number }>,
): LiveCheck {
  const socketsOf = new Map<number, number[]>();
  fleet.sessions.forEach((s, i) => {
    const list = socketsOf.get(s.rid);
    if (list) list.push(i);
    else socketsOf.set(s.rid, [i]);
  });
  const check: LiveCheck = {
    orders: orders.size,
    expected: 0,
    arrived: 0,
    lost: 0,
    misdelivered: 0,
    duplicates: 0,
    unknown: 0,
    delays: [],
  };
  for (const [orderId, { rid, answeredAt }] of orders) {
    const expected = socketsOf.get(rid) ?? [];
    const heard = fleet.arrivals.get(orderId) ?? [];
    check.expected += expected.length;
    for (const socket of expected) {
      const on = heard.filter((a) => a.socket === socket);
      const first = on[0];
      if (!first) {
        check.lost++;
        continue;
      }
      check.arrived++;
      check.duplicates += on.length - 1;
      check.delays.push(first.at - answeredAt);
    }
    check.misdelivered += heard.filter((a) => fleet.sessions[a.socket]?.rid !== rid).length;
  }
  for (const orderId of fleet.arrivals.keys()) if (!orders.has(orderId)) check.unknown++;
  return check;
}
