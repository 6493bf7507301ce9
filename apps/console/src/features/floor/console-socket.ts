import { API, type ConsoleSocketMessage } from "@tablemate/core";

export type SocketStatus = "connecting" | "open" | "reconnecting";

export interface ConsoleSocketOptions {
  onMessage(message: ConsoleSocketMessage): void;
  onStatus?(status: SocketStatus): void;
  /** the socket's constructor; tests give a fake */
  createSocket?: (url: string) => WebSocket;
  retryMs?: number;
}

/** How sockets are made; tests swap it for a fake. */
let socketFactory: (url: string) => WebSocket = (url) => new WebSocket(url);
export function setSocketFactory(factory: (url: string) => WebSocket): void {
  socketFactory = factory;
}

/** The console socket's address for a restaurant, on the page's own origin (the session cookie goes along). */
export function consoleSocketUrl(rid: number, origin = window.location.origin): string {
  return `${origin.replace(/^http/, "ws")}${API.consoleSocket}?rid=${rid}`;
}

/**
 * The restaurant's live news (`/console/ws`): every message is `{topic, type, ...}`; a dropped socket is
 * opened again after `retryMs` (its hello says it is back, and the page reads the floor again then).
 * Answers a function that closes it for good.
 */
export function openConsoleSocket(rid: number, options: ConsoleSocketOptions): () => void {
  const create = options.createSocket ?? socketFactory;
  const retryMs = options.retryMs ?? 2000;
  let socket: WebSocket | null = null;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    options.onStatus?.(socket ? "reconnecting" : "connecting");
    const ws = create(consoleSocketUrl(rid));
    socket = ws;
    ws.onmessage = (event: MessageEvent) => {
      let message: ConsoleSocketMessage;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.topic === "console") options.onStatus?.("open");
      options.onMessage(message);
    };
    ws.onclose = () => {
      if (closed || socket !== ws) return;
      options.onStatus?.("reconnecting");
      timer = setTimeout(open, retryMs);
    };
  };
  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    socket?.close();
  };
}
