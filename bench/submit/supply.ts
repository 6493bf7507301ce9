/**
 * The ramp's supply of prefilled tables (each submits once): carts are filled over HTTP (prefill.ts) in
 * rounds, before each step only as many as that step can take, so a ramp that stops early fills no
 * more than it used. The plan of every cart is drawn at the start (the popular dishes' estimates come
 * from it); the rounds fill it in order. Filling is untimed: it runs between steps, never inside one.
 */
import { type Spread, spread } from "../cart/stats.js";
import type { HttpClient } from "./http.js";
import { type CartPlan, type PrefilledTable, prefill } from "./prefill.js";

export interface SupplySummary {
  /** carts filled, over every round */
  tables: number;
  rounds: number;
  concurrency: number;
  /** filling time over every round */
  seconds: number;
  /** the adds that filled the carts, from send to answer */
  cartOpLatencyMs: Spread;
  refusedAdds: number;
}

export class TableSupply {
  /** filled and not yet taken, in plan order */
  private waiting: PrefilledTable[] = [];
  private nextPlan = 0;
  private readonly latencies: number[] = [];
  private rounds = 0;
  private seconds = 0;
  private refusedAdds = 0;

  constructor(
    private readonly http: HttpClient,
    private readonly plans: CartPlan[],
    private readonly options: { concurrency: number; log: (text: string) => void },
  ) {}

  /** Fills the next planned carts until `count` wait (fewer once the plan is used up); whether it filled any. */
  async ensure(count: number): Promise<boolean> {
    const more = Math.min(count - this.waiting.length, this.plans.length - this.nextPlan);
    if (more <= 0) return false;
    const round = this.plans.slice(this.nextPlan, this.nextPlan + more);
    this.nextPlan += more;
    const filled = await prefill(this.http, round, { ...this.options, latencies: this.latencies });
    this.waiting.push(...filled.tables);
    this.rounds++;
    this.seconds += filled.seconds;
    this.refusedAdds += filled.refusedAdds;
    this.options.log(
      `prefill: ${filled.tables.length} carts in ${filled.seconds} s (${this.waiting.length} waiting, ` +
        `${this.plans.length - this.nextPlan} planned left)`,
    );
    return true;
  }

  /** The filled tables not yet taken, in order (a step takes from the front). */
  get ready(): readonly PrefilledTable[] {
    return this.waiting;
  }

  /** The first `count` ready tables were submitted. */
  taken(count: number): void {
    this.waiting = this.waiting.slice(count);
  }

  summary(): SupplySummary {
    return {
      tables: this.nextPlan,
      rounds: this.rounds,
      concurrency: this.options.concurrency,
      seconds: Math.round(this.seconds * 10) / 10,
      cartOpLatencyMs: spread(this.latencies),
      refusedAdds: this.refusedAdds,
    };
  }
}
