import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { type Backplane, type LinkListener, Listeners } from "./hub.js";

/** each process's mark on what it publishes: its own sockets heard it already, so it skips it */
const ORIGIN_LENGTH = 12;

/**
 * Redis pub/sub between server processes: one subscriber connection, one channel per topic in use.
 * Channels carry a prefix, so installations (or test runs) sharing one Redis never hear each other.
 *
 * An outage degrades to this process's own sockets: a message is delivered here first, then offered
 * to Redis (never waited for), so a sender always gets its verdict and its tablemates on this process
 * still hear. No command waits for a connection that is down (no offline queue); the connections
 * retry by themselves, and once both are back every topic in use is subscribed again and the link
 * listeners hear of it (the server then has every socket read its state again: what other processes
 * published meanwhile was missed). Connection errors are told to the link listeners, never thrown.
 */
export async function redisBackplane(url: string, channelPrefix: string): Promise<Backplane> {
  const options = { lazyConnect: true, enableOfflineQueue: false, autoResubscribe: false };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const origin = randomBytes(ORIGIN_LENGTH / 2).toString("hex");
  const listeners = new Listeners();
  const linkListeners: LinkListener[] = [];
  let up = false;
  let lastError = "connection closed";
  let closing = false;

  const ready = () => publisher.status === "ready" && subscriber.status === "ready";
  const tell = (isUp: boolean, detail: string) => {
    for (const listener of linkListeners) listener(isUp, detail);
  };
  const onChange = async () => {
    if (closing) return;
    if (up && !ready()) {
      up = false;
      tell(false, lastError);
    } else if (!up && ready()) {
      up = true;
      const topics = listeners.topics();
      if (topics.length) await subscriber.subscribe(...topics.map((t) => channelPrefix + t)).catch(() => {});
      tell(true, "connected");
    }
  };
  for (const connection of [publisher, subscriber]) {
    connection.on("error", (error: Error) => {
      lastError = error.message;
    });
    connection.on("ready", () => void onChange());
    connection.on("close", () => void onChange());
  }

  await Promise.all([publisher.connect(), subscriber.connect()]);
  up = true;
  subscriber.on("message", (channel: string, tagged: string) => {
    if (tagged.startsWith(origin)) return;
    listeners.deliver(channel.slice(channelPrefix.length), tagged.slice(ORIGIN_LENGTH));
  });
  return {
    async publish(topic, message) {
      listeners.deliver(topic, message);
      if (up) publisher.publish(channelPrefix + topic, origin + message).catch(() => {});
    },
    async subscribe(topic, onMessage) {
      if (listeners.add(topic, onMessage).first && up)
        await subscriber.subscribe(channelPrefix + topic).catch(() => {});
      return async () => {
        if (listeners.remove(topic, onMessage).last && up)
          await subscriber.unsubscribe(channelPrefix + topic).catch(() => {});
      };
    },
    connected: () => up,
    onLinkChange(listener) {
      linkListeners.push(listener);
    },
    async close() {
      closing = true;
      listeners.clear();
      await Promise.all(
        [publisher, subscriber].map((c) =>
          c.status === "ready" ? c.quit().catch(() => c.disconnect()) : c.disconnect(),
        ),
      );
    },
  };
}
