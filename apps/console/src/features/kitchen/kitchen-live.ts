import type { KitchenTicket } from "@tablemate/core";

/** What the console socket's kitchen topic says (core's KitchenTopicMessage), checked on arrival. */
export type KitchenNews = { type: "ticket.created" | "ticket.changed"; ticket: KitchenTicket };

export type SocketFactory = (url: string) => WebSocket;
let makeSocket: SocketFactory = (url) => new WebSocket(url);

/** Tests give a fake socket. */
export function setSocketFactory(factory: SocketFactory): void {
  makeSocket = factory;
}

/** The console socket of a restaurant (the floor's /console/ws; the session's cookie goes with it). */
export function consoleSocketUrl(restaurantId: number, origin = window.location): string {
  const scheme = origin.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${origin.host}/console/ws?rid=${restaurantId}`;
}

function readNews(text: unknown): KitchenNews | null {
  if (typeof text !== "string") return null;
  try {
    const message = JSON.parse(text) as { topic?: unknown; type?: unknown; ticket?: unknown };
    if (message.topic !== "kitchen") return null;
    if (message.type !== "ticket.created" && message.type !== "ticket.changed") return null;
    const ticket = message.ticket as KitchenTicket | undefined;
    if (!ticket || typeof ticket.id !== "number" || !Array.isArray(ticket.items)) return null;
    return { type: message.type, ticket };
  } catch {
    return null;
  }
}

export interface KitchenWatch {
  onNews(news: KitchenNews): void;
  /** the socket is (again) open: read the display afresh, since news may have been missed meanwhile */
  onOpen(): void;
  onDown(): void;
}

/** Listens to the kitchen topic, reconnecting (1 s, doubling to 10 s); answers a stop function. */
export function watchKitchen(restaurantId: number, watch: KitchenWatch): () => void {
  let stopped = false;
  let delay = 1000;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connect = () => {
    if (stopped) return;
    socket = makeSocket(consoleSocketUrl(restaurantId));
    socket.onopen = () => {
      delay = 1000;
      watch.onOpen();
    };
    socket.onmessage = (event) => {
      const news = readNews(event.data);
      if (news) watch.onNews(news);
    };
    socket.onclose = () => {
      if (stopped) return;
      watch.onDown();
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10_000);
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
  };
}
