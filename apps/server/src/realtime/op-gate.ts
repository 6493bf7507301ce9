export interface GateLimits {
  /** messages one socket may have waiting or being handled */
  perSocket: number;
  /** messages the whole process may have waiting or being handled */
  total: number;
}

/** Generous for a phone (a diner taps far slower than an operation commits), small enough to bound delay. */
export const GATE_LIMITS: GateLimits = { perSocket: 16, total: 128 };

/** One socket's messages, handled one after another in arrival order. */
export interface Lane {
  /** queues the task, or refuses at once (false) when the socket or the process has too many waiting */
  push(task: () => Promise<void>): boolean;
}

/**
 * Bounds on the work sockets have queued: under overload a new message is refused at once instead of
 * waiting behind an ever longer queue, so delay stays bounded and the sender knows.
 */
export class OpGate {
  private waiting = 0;
  private readonly whenIdle: Array<() => void> = [];

  constructor(private readonly limits: GateLimits = GATE_LIMITS) {}

  /** A socket's lane; a task's failure goes to `onError`, and the next task runs all the same. */
  lane(onError: (error: unknown) => void): Lane {
    let tail: Promise<unknown> = Promise.resolve();
    let size = 0;
    return {
      push: (task) => {
        if (size >= this.limits.perSocket || this.waiting >= this.limits.total) return false;
        size++;
        this.waiting++;
        tail = tail
          .then(task)
          .catch(onError)
          .finally(() => {
            size--;
            this.waiting--;
            if (this.waiting === 0) for (const resolve of this.whenIdle.splice(0)) resolve();
          });
        return true;
      },
    };
  }

  /** Resolves once no message of any socket is waiting or being handled (a clean shutdown waits for it). */
  idle(): Promise<void> {
    return this.waiting === 0 ? Promise.resolve() : new Promise((resolve) => this.whenIdle.push(resolve));
  }
}
