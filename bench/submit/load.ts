/**
 * The timed submit load, like an autocannon run against the submit endpoint: `submitters` workers, each
 * on its own fixed period (submitters / rate), so together they aim at `rate` orders per second. Each
 * cycle takes the next prefilled table off a shared queue and submits its cart; a share of accepted
 * submits is sent again with the same submitId, as a client retrying, and must answer the same order.
 * A worker stops when the queue runs dry.
 */
import { randomUUID } from "node:crypto";
import { API } from "@tablemate/core";
import { sleep } from "../cart/rate.js";
import { type Spread, spread } from "../cart/stats.js";
import type { Answer, HttpClient } from "./http.js";
import type { PrefilledTable } from "./prefill.js";

export interface LoadInput {
  rate: number;
  /** concurrent workers, each on a fixed period of submitters / rate seconds */
  submitters: number;
  /** share of accepted submits sent a second time with the same submitId */
  retryShare: number;
  warmupMs: number;
  steadyMs: number;
  /** called with each accepted submit's order as its answer arrives (not for re-sent submits) */
  onAccepted?: (accepted: AcceptedSubmit) => void;
}

/** An accepted submit: its table, its order, when it was sent and when its answer arrived (performance.now()). */
export interface AcceptedSubmit {
  table: PrefilledTable;
  orderId: number;
  sentAt: number;
  answeredAt: number;
}

export type Phase = "warmup" | "steady" | "after";

export interface PhaseFigures {
  seconds: number;
  /** submits sent in the phase, by answer code */
  codes: Record<string, number>;
  ordersPerSecond: number;
  /** accepted submits only, from send to answer */
  submitLatencyMs: Spread;
  /** every refused or failed submit */
  refusedLatencyMs: Spread;
  /** cycles that started later than their slot because the previous one ran over */
  lateCycles: number;
  cycles: number;
}

export interface LoadResult {
  warmup: PhaseFigures;
  steady: PhaseFigures;
  /** every accepted order id with its submitId, whatever the phase */
  accepted: Map<string, number>;
  retries: { sent: number; sameOrder: number; otherAnswer: number };
  /** prefilled tables taken off the queue (each submitted once) */
  tablesTaken: number;
  /** workers that found the queue empty, and when the first did (ms from the start) */
  ranDry: { workers: number; firstAtMs?: number };
  errors: string[];
}

class Recorder {
  readonly codes: Record<string, number> = {};
  readonly accepted: number[] = [];
  readonly refused: number[] = [];
  late = 0;
  cycles = 0;

  figures(seconds: number): PhaseFigures {
    return {
      seconds: Math.round(seconds * 10) / 10,
      codes: this.codes,
      ordersPerSecond: Math.round((this.accepted.length / seconds) * 10) / 10,
      submitLatencyMs: spread(this.accepted),
      refusedLatencyMs: spread(this.refused),
      lateCycles: this.late,
      cycles: this.cycles,
    };
  }
}

/** Submits a prefilled table's shared cart as its diner (pay later, two diners). */
export function submitCart(
  http: HttpClient,
  { seat, cart, guid, cookie }: PrefilledTable,
  submitId: string,
): Promise<Answer> {
  return http.form(
    API.orderSubmit,
    {
      data: JSON.stringify({
        submitId,
        restaurantId: seat.rid,
        realTableId: seat.tableId,
        cartId: cart.value,
        cartIdSign: cart.sign,
        wholeMemo: { guid, memo: "" },
        orderUsers: [{ guid }],
        userId: guid,
        personNum: 2,
      }),
      isNewVersion: true,
      token: "",
      smToken: "",
    },
    cookie,
  );
}

export async function runLoad(
  http: HttpClient,
  tables: readonly PrefilledTable[],
  input: LoadInput,
): Promise<LoadResult> {
  const phases: Record<Phase, Recorder> = {
    warmup: new Recorder(),
    steady: new Recorder(),
    after: new Recorder(),
  };
  const start = performance.now();
  const steadyAt = start + input.warmupMs;
  const endAt = steadyAt + input.steadyMs;
  const phaseAt = (t: number): Phase => (t < steadyAt ? "warmup" : t < endAt ? "steady" : "after");
  const accepted = new Map<string, number>();
  const retries = { sent: 0, sameOrder: 0, otherAnswer: 0 };
  const ranDry: LoadResult["ranDry"] = { workers: 0 };
  const errors: string[] = [];
  const periodMs = (input.submitters * 1000) / input.rate;
  let taken = 0;

  const submit = (table: PrefilledTable, submitId: string) => submitCart(http, table, submitId);

  const cycle = async (table: PrefilledTable) => {
    const submitId = randomUUID();
    const sentAt = performance.now();
    const at = phases[phaseAt(sentAt)];
    at.cycles++;
    const answer = await submit(table, submitId);
    const answeredAt = performance.now();
    const ms = answeredAt - sentAt;
    const code = String(answer.body.code);
    at.codes[code] = (at.codes[code] ?? 0) + 1;
    if (answer.body.code !== 1000) {
      at.refused.push(ms);
      return;
    }
    at.accepted.push(ms);
    const { orderId } = answer.body.data as { orderId: number };
    accepted.set(submitId, orderId);
    input.onAccepted?.({ table, orderId, sentAt, answeredAt });
    if (Math.random() < input.retryShare) {
      retries.sent++;
      const again = await submit(table, submitId);
      const sameOrder =
        again.body.code === 1000 && (again.body.data as { orderId: number }).orderId === orderId;
      if (sameOrder) retries.sameOrder++;
      else retries.otherAnswer++;
    }
  };

  const loop = async (index: number) => {
    let slot = start + (index * periodMs) / input.submitters;
    while (slot < endAt) {
      const wait = slot - performance.now();
      if (wait > 0) await sleep(wait);
      const table = tables[taken];
      if (!table) {
        ranDry.workers++;
        ranDry.firstAtMs ??= Math.round(performance.now() - start);
        return;
      }
      taken++;
      try {
        await cycle(table);
      } catch (error) {
        if (errors.length < 20) errors.push(error instanceof Error ? error.message : String(error));
      }
      // a cycle that ran past the next slot starts the next one at once, without catching up
      slot += periodMs;
      const now = performance.now();
      if (now > slot) {
        phases[phaseAt(now)].late++;
        slot = now;
      }
    }
  };

  await Promise.all(Array.from({ length: input.submitters }, (_, i) => loop(i)));
  return {
    warmup: phases.warmup.figures(input.warmupMs / 1000),
    steady: phases.steady.figures(input.steadyMs / 1000),
    accepted,
    retries,
    tablesTaken: taken,
    ranDry,
    errors,
  };
}
