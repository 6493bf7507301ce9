import { API } from "@tablemate/core";
import { buildUrl } from "./http.js";

/** Spec 000 §4, §9: on close, retry every 2 seconds; after 5 retries fall back to local mode. */
export const REALTIME_RETRY_INTERVAL_MS = 2_000;
export const REALTIME_MAX_RETRIES = 5;

/** `local`: the retries are spent and the cart must work without the channel. */
export type RealtimeStatus = "connecting" | "open" | "reconnecting" | "local" | "closed";

/** Server messages are JSON objects discriminated by a numeric `type` (1, 3, 11, 12, 14, 20, 30). */
export interface RealtimeMessage {
  type: number;
  [field: string]: unknown;
}

export type RealtimeListener = (message: RealtimeMessage) => void;

export interface RealtimeConnection {
  readonly url: string;
  status(): RealtimeStatus;
  /** returns the unsubscribe function */
  subscribe(listener: RealtimeListener): () => void;
  close(): void;
}

export interface RealtimeOptions {
  onStatus?: (status: RealtimeStatus, retries: number) => void;
  retryIntervalMs?: number;
  maxRetries?: number;
  createSocket?: (url: string) => WebSocket;
}

export interface RealtimeParams {
  rid: number;
  tableId: number;
  sid: string;
  guid: string;
}

/** `http://host` → `ws://host/ws?rid=…`, `https://` → `wss://`: the socket lives on the page's origin. */
export function realtimeUrl(origin: string, params: RealtimeParams): string {
  return buildUrl(`${origin.replace(/^http/, "ws")}${API.socket}`, { ...params });
}

export function parseRealtimeMessage(data: unknown): RealtimeMessage | null {
  if (typeof data !== "string") return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value === "object" && value !== null && "type" in value && typeof value.type === "number") {
      return value as RealtimeMessage;
    }
  } catch {
    // not JSON: nothing a listener could use
  }
  return null;
}

export function connectRealtime(url: string, options: RealtimeOptions = {}): RealtimeConnection {
  const retryIntervalMs = options.retryIntervalMs ?? REALTIME_RETRY_INTERVAL_MS;
  const maxRetries = options.maxRetries ?? REALTIME_MAX_RETRIES;
  const createSocket = options.createSocket ?? ((target: string) => new WebSocket(target));
  const listeners = new Set<RealtimeListener>();
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retries = 0;
  let current: RealtimeStatus = "connecting";
  let closedByUs = false;

  const setStatus = (status: RealtimeStatus) => {
    current = status;
    options.onStatus?.(status, retries);
  };

  const scheduleRetry = () => {
    if (closedByUs) return;
    if (retries >= maxRetries) {
      setStatus("local");
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
      const message = parseRealtimeMessage(event.data);
      if (message) for (const listener of listeners) listener(message);
    };
    // an error is always followed by close, so close alone drives the retries
    ws.onclose = () => {
      if (socket === ws) scheduleRetry();
    };
  }

  setStatus("connecting");
  open();

  return {
    url,
    status: () => current,
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
