import { API, type ClientMessage, PROTOCOL_VERSION, type ServerMessage } from "@tablemate/core";
import { buildUrl } from "./http.js";

/** Spec 000 §4, §9: on close, retry every 2 seconds; after 5 retries fall back to local mode. */
export const REALTIME_RETRY_INTERVAL_MS = 2_000;
export const REALTIME_MAX_RETRIES = 5;
export const REALTIME_LOCAL_RETRY_MS = 10_000;

/**
 * `local`: the retries are spent, or the server speaks another protocol, and the cart must work
 * without the channel.
 */
export type RealtimeStatus = "connecting" | "open" | "reconnecting" | "local" | "closed";

/** What the server sends (core's protocol): hello, verdicts, and the spec's numbered table messages. */
export type RealtimeMessage = ServerMessage;

export type RealtimeListener = (message: RealtimeMessage) => void;

export interface RealtimeConnection {
  readonly url: string;
  status(): RealtimeStatus;
  isOpen(): boolean;
  /** false when the socket is not open: nothing was sent */
  send(message: ClientMessage): boolean;
  /** returns the unsubscribe function */
  subscribe(listener: RealtimeListener): () => void;
  close(): void;
}

export interface RealtimeOptions {
  onStatus?: (status: RealtimeStatus, retries: number) => void;
  retryIntervalMs?: number;
  maxRetries?: number;
  /** in local mode the socket is still tried now and then, so the shared cart comes back */
  localRetryMs?: number;
  createSocket?: (url: string) => WebSocket;
}

export interface RealtimeParams {
  rid: number;
  tableId: number;
  sid: string;
  guid: string;
}

/** `http://host` → `ws://host/ws?rid=…`, `https://` → `wss://`; a `ws(s)://` origin stays as it is. */
export function realtimeUrl(origin: string, params: RealtimeParams): string {
  return buildUrl(`${origin.replace(/^http/, "ws")}${API.socket}`, { ...params });
}

export function parseRealtimeMessage(data: unknown): RealtimeMessage | null {
  if (typeof data !== "string") return null;
  try {
    const value: unknown = JSON.parse(data);
    // the server is trusted to speak core's protocol; only the discriminant is checked here
    const type = typeof value === "object" && value !== null && "type" in value ? value.type : undefined;
    if (typeof type === "number" || type === "hello" || type === "result") {
      return value as RealtimeMessage;
    }
  } catch {
    // not JSON: nothing a listener could use
  }
  return null;
}

export function connectRealtime(url: string, options: RealtimeOptions = {}): RealtimeConnection {
  const retryIntervalMs = options.retryIntervalMs ?? REALTIME_RETRY_INTERVAL_MS;
  const localRetryMs = options.localRetryMs ?? REALTIME_LOCAL_RETRY_MS;
  const maxRetries = options.maxRetries ?? REALTIME_MAX_RETRIES;
  const createSocket = options.createSocket ?? ((target: string) => new WebSocket(target));
  const listeners = new Set<RealtimeListener>();
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retries = 0;
  let current: RealtimeStatus = "connecting";
  let closedByUs = false;
  /** the server announced another protocol: its messages cannot be read, so it is not tried again */
  let incompatible = false;

  const setStatus = (status: RealtimeStatus) => {
    current = status;
    options.onStatus?.(status, retries);
  };

  const scheduleRetry = () => {
    if (closedByUs || incompatible) return;
    if (retries >= maxRetries) {
      setStatus("local");
      retryTimer = setTimeout(open, localRetryMs);
      return;
    }
    retries += 1;
    setStatus("reconnecting");
    retryTimer = setTimeout(open, retryIntervalMs);
  };

  function open() {
    let ws: WebSocket;
    try {
      ws = createSocket(url);
    } catch {
      scheduleRetry();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      retries = 0;
      setStatus("open");
    };
    ws.onmessage = (event: MessageEvent) => {
      if (socket !== ws) return; // a socket given up (another protocol) says nothing more
      const message = parseRealtimeMessage(event.data);
      if (!message) return;
      if (message.type === "hello" && message.protocol !== PROTOCOL_VERSION) {
        refuseProtocol(ws, message.protocol);
        return;
      }
      for (const listener of listeners) listener(message);
    };
    // an error is always followed by close, so close alone drives the retries
    ws.onclose = () => {
      if (socket === ws) scheduleRetry();
    };
  }

  /**
   * The server's hello names another protocol than this app's (core's PROTOCOL_VERSION): the socket
   * is closed and never retried (a newer server stays newer), and the cart works on this phone alone.
   */
  function refuseProtocol(ws: WebSocket, protocol: unknown) {
    console.error(
      `table socket: the server speaks protocol ${String(protocol)}, this app ${PROTOCOL_VERSION}; the cart stays on this phone`,
    );
    incompatible = true;
    socket = null;
    ws.close();
    setStatus("local");
  }

  setStatus("connecting");
  open();

  return {
    url,
    status: () => current,
    isOpen: () => socket !== null && socket.readyState === WebSocket.OPEN,
    send(message) {
      if (socket === null || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closedByUs = true;
      clearTimeout(retryTimer);
      socket?.close();
      socket = null;
      setStatus("closed");
    },
  };
}
