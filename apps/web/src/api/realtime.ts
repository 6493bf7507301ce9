import {
  buildUrl,
  connectSocket,
  type SocketConnection,
  type SocketOptions,
  type SocketStatus,
} from "@tablemate/client";
import { type ClientMessage, DINER_API, PROTOCOL_VERSION, type ServerMessage } from "@tablemate/core";

/** The table socket's states (client's SocketStatus): `local` is the cart working on this phone alone. */
export type RealtimeStatus = SocketStatus;

/** What the server sends (core's protocol): hello, verdicts, and the spec's numbered table messages. */
export type RealtimeMessage = ServerMessage;

export type RealtimeConnection = SocketConnection<RealtimeMessage, ClientMessage>;

/** The retries, as the spec's defaults (client's SOCKET_*) or a test's. */
export type RealtimeOptions = Omit<SocketOptions<RealtimeMessage>, "parse" | "accept">;

export interface RealtimeParams {
  rid: number;
  tableId: number;
  sid: string;
  guid: string;
}

/** `http://host` → `ws://host/ws?rid=…`, `https://` → `wss://`; a `ws(s)://` origin stays as it is. */
export function realtimeUrl(origin: string, params: RealtimeParams): string {
  return buildUrl(`${origin.replace(/^http/, "ws")}${DINER_API.socket}`, { ...params });
}

/** The server is trusted to speak core's protocol; only the discriminant is checked here (no zod). */
export function parseRealtimeMessage(data: unknown): RealtimeMessage | null {
  if (typeof data !== "string") return null;
  try {
    const value: unknown = JSON.parse(data);
    const type = typeof value === "object" && value !== null && "type" in value ? value.type : undefined;
    if (typeof type === "number" || type === "hello" || type === "result") return value as RealtimeMessage;
  } catch {
    // not JSON: nothing a listener could use
  }
  return null;
}

/**
 * A hello naming another protocol than this app's (core's PROTOCOL_VERSION): the socket is closed
 * and never retried (a newer server stays newer), and the cart works on this phone alone.
 */
function speaksOurProtocol(message: RealtimeMessage): boolean {
  if (message.type !== "hello" || message.protocol === PROTOCOL_VERSION) return true;
  console.error(
    `table socket: the server speaks protocol ${String(message.protocol)}, this app ${PROTOCOL_VERSION}; the cart stays on this phone`,
  );
  return false;
}

/** The table socket (spec 000 §4, §9): retries every 2 s, then local mode, as the client's socket does. */
export function connectRealtime(url: string, options: RealtimeOptions = {}): RealtimeConnection {
  return connectSocket(url, { ...options, parse: parseRealtimeMessage, accept: speaksOurProtocol });
}
