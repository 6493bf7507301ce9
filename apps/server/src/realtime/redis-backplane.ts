import { Redis } from "ioredis";
import { type Backplane, Listeners } from "./hub.js";

/**
 * Redis pub/sub between server processes: one subscriber connection, one channel per topic in use.
 * Channels carry a prefix, so installations (or test runs) sharing one Redis never hear each other.
 */
export async function redisBackplane(url: string, channelPrefix: string): Promise<Backplane> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const listeners = new Listeners();
  subscriber.on("message", (channel: string, message: string) => {
    listeners.deliver(channel.slice(channelPrefix.length), message);
  });
  return {
    async publish(topic, message) {
      await publisher.publish(channelPrefix + topic, message);
    },
    async subscribe(topic, onMessage) {
      if (listeners.add(topic, onMessage).first) await subscriber.subscribe(channelPrefix + topic);
      return async () => {
        if (listeners.remove(topic, onMessage).last) await subscriber.unsubscribe(channelPrefix + topic);
      };
    },
    async close() {
      listeners.clear();
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
