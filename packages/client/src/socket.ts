/**
 * A socket that stays connected, for both apps: it backs off in two steps, retrying after a close every
 * `retryIntervalMs`, and once `maxRetries` are spent saying so ("local": the app works without it)
 * and still trying every `localRetryMs`. Messages are JSON, parsed by the app's own reader;
 * a server the app cannot understand (`accept` says no) is given up for good.
 */

/** Spec 000 §4, §9 (the diner's table socket): on close, retry every 2 seconds; after 5 retries, local mode. */
export const SOCKET_RETRY_INTERVAL_MS = 2_000;
export const SOCKET_MAX_RETRIES = 5;
/** in local mode the socket is still tried this often, so the shared state comes back */
export const SOCKET_LOCAL_RETRY_MS = 10_000;

/**
 * `local`: the retries are spent, or the server speaks something this app cannot read, and the app
 * must work without the channel.
 */
export type SocketStatus = "connecting" | "open" | "reconnecting" | "local" | "closed";

export type SocketListener<M> = (message: M) => void;

export interface SocketConnection<M, Out = unknown> {
  status(): SocketStatus;
  isOpen(): boolean;
  /** false when the socket is not open: nothing was sent */
  send(message: Out): boolean;
  /** returns the unsubscribe function */
  subscribe(listener: SocketListener<M>): () => void;
  close(): void;
}

export interface SocketOptions<M> {
  /** one frame's data as a message, or null for what no listener could use */
  parse(data: unknown): M | null;
  /**
   * false: the server speaks something this app cannot read (another protocol); the socket is closed
   * and never tried again, and the status is "local"
   */
  accept?: (message: M) => boolean;
  onStatus?: (status: SocketStatus, retries: number) => void;
  retryIntervalMs?: number;
  maxRetries?: number;
  /** once the retries are spent, the socket is still tried this often */
  localRetryMs?: number;
}

/** A frame as JSON, if it is a JSON object; apps narrow it further in their own `parse`. */
export function parseJsonObject(data: unknown): Record<string, unknown> | null {
  if (typeof data !== "string") return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value === "object" && value !== null) return value as Record<string, unknown>;
  } catch {
    // not JSON: nothing a listener could use
  }
  return null;
}

/** WebSocket.OPEN, which is not defined where there is no WebSocket (a server-side render, Node 20). */
const OPEN = 1;

export function connectSocket<M, Out = unknown>(
  url: string,
  options: SocketOptions<M>,
): SocketConnection<M, Out> {
  const retryIntervalMs = options.retryIntervalMs ?? SOCKET_RETRY_INTERVAL_MS;
  const localRetryMs = options.localRetryMs ?? SOCKET_LOCAL_RETRY_MS;
  const maxRetries = options.maxRetries ?? SOCKET_MAX_RETRIES;
  const listeners = new Set<SocketListener<M>>();
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retries = 0;
  let current: SocketStatus = "connecting";
  let closedByUs = false;
  /** the server speaks what this app cannot read, so it is not tried again */
  let incompatible = false;

  const setStatus = (status: SocketStatus) => {
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
      ws = new WebSocket(url);
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
      if (socket !== ws) return; // a socket given up says nothing more
      const message = options.parse(event.data);
      if (message === null) return;
      if (options.accept?.(message) === false) {
        incompatible = true;
        socket = null;
        ws.close();
        setStatus("local");
        return;
      }
      for (const listener of listeners) listener(message);
    };
    // an error is always followed by close, so close alone drives the retries
    ws.onclose = () => {
      if (socket === ws) scheduleRetry();
    };
  }

  const isOpen = () => socket?.readyState === OPEN;

  setStatus("connecting");
  open();

  return {
    status: () => current,
    isOpen,
    send(message) {
      if (!isOpen()) return false;
      socket?.send(JSON.stringify(message));
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
