/**
 * Fan-out by topic (one topic per cart, one per restaurant). The backplane carries topics between
 * server processes: in memory for one process, Redis pub/sub for several.
 */
export interface Backplane {
  publish(topic: string, message: string): Promise<void>;
  subscribe(topic: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** whether a shared backplane (Redis) is connected now; absent in process (always is) */
  connected?(): boolean;
  /** a shared backplane's outages and returns (absent in process: it has none) */
  onLinkChange?(listener: LinkListener): void;
}

/** told when the link between processes goes down (with why) and when it is back */
export type LinkListener = (up: boolean, detail: string) => void;

type Listener = (message: string) => void;

/** Local listeners by topic; both backplanes deliver through one of these. */
export class Listeners {
  private readonly byTopic = new Map<string, Set<Listener>>();

  add(topic: string, listener: Listener): { first: boolean } {
    const set = this.byTopic.get(topic) ?? new Set();
    const first = set.size === 0;
    set.add(listener);
    this.byTopic.set(topic, set);
    return { first };
  }

  remove(topic: string, listener: Listener): { last: boolean } {
    const set = this.byTopic.get(topic);
    if (!set) return { last: false };
    set.delete(listener);
    if (set.size > 0) return { last: false };
    this.byTopic.delete(topic);
    return { last: true };
  }

  deliver(topic: string, message: string): void {
    for (const listener of this.byTopic.get(topic) ?? []) listener(message);
  }

  topics(): string[] {
    return [...this.byTopic.keys()];
  }

  clear(): void {
    this.byTopic.clear();
  }
}

export function memoryBackplane(): Backplane {
  const listeners = new Listeners();
  return {
    async publish(topic, message) {
      listeners.deliver(topic, message);
    },
    async subscribe(topic, onMessage) {
      listeners.add(topic, onMessage);
      return async () => {
        listeners.remove(topic, onMessage);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}

export const cartTopic = (cartId: number) => `cart:${cartId}`;
export const restaurantTopic = (restaurantId: number) => `restaurant:${restaurantId}`;
