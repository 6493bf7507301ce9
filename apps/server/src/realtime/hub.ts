/**
 * Fan-out by topic (one topic per table). The backplane carries topics between server processes:
 * in memory here; a Redis backplane with the same interface joins with the shared-cart issue.
 */
export interface Backplane {
  publish(topic: string, message: string): Promise<void>;
  subscribe(topic: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function memoryBackplane(): Backplane {
  const listeners = new Map<string, Set<(message: string) => void>>();
  return {
    async publish(topic, message) {
      for (const listener of listeners.get(topic) ?? []) listener(message);
    },
    async subscribe(topic, onMessage) {
      const set = listeners.get(topic) ?? new Set();
      set.add(onMessage);
      listeners.set(topic, set);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0) listeners.delete(topic);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}

export const tableTopic = (restaurantId: number, tableId: number) => `table:${restaurantId}:${tableId}`;
