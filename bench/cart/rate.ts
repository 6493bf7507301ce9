/**
 * A steady pace: calls fire once per 1/rate seconds on a fixed timeline, catching up when a timer
 * fires late, so the rate holds however the event loop is doing. Each call is told how late it is.
 */
export interface Pace {
  stop(): void;
  readonly fired: number;
}

export function atRate(rate: number, fire: (lateMs: number) => void): Pace {
  const interval = 1000 / rate;
  const start = performance.now();
  let fired = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const now = performance.now();
    const due = Math.floor((now - start) / interval) + 1;
    while (fired < due) {
      fire(now - (start + fired * interval));
      fired++;
    }
    timer = setTimeout(tick, 1);
  };
  tick();
  return {
    stop: () => clearTimeout(timer),
    get fired() {
      return fired;
    },
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
