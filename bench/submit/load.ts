/**
 * The submit load: every bench table runs its own loop on a fixed period (tables / rate), so the
 * tables together aim at `rate` orders per second. Each cycle, the table's next diner fills the shared
 * cart over HTTP (one add per line) and submits it; a share of accepted submits is sent again with the
 * same submitId, as a client retrying, and must answer the same order. A refused cart is cleared.
 */
import { randomUUID } from "node:crypto";
import { API } from "@tablemate/core";
import type { Seat } from "../cart/commands.js";
import { sleep } from "../cart/rate.js";
import { type Spread, spread } from "../cart/stats.js";
import type { Answer, HttpClient } from "./http.js";

export interface LoadInput {
  rate: number;
  seats: Seat[];
  dinersPerTable: number;
  /** dishes with a finite estimate, shared by every table */
  popular: number[];
  /** unlimited dishes */
  others: number[];
  /** share of orders whose second line is a popular dish */
  popularShare: number;
  /** share of accepted submits sent a second time with the same submitId */
  retryShare: number;
  warmupMs: number;
  steadyMs: number;
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
  cartOpLatencyMs: Spread;
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
  cartOpsRefused: number;
  errors: string[];
}

interface Table {
  seat: Seat;
  cart: { value: number; sign: string };
  diners: string[];
  turn: number;
}

class Recorder {
  readonly codes: Record<string, number> = {};
  readonly accepted: number[] = [];
  readonly refused: number[] = [];
  readonly cartOps: number[] = [];
  late = 0;
  cycles = 0;

  figures(seconds: number): PhaseFigures {
    return {
      seconds: Math.round(seconds * 10) / 10,
      codes: this.codes,
      ordersPerSecond: Math.round((this.accepted.length / seconds) * 10) / 10,
      submitLatencyMs: spread(this.accepted),
      refusedLatencyMs: spread(this.refused),
      cartOpLatencyMs: spread(this.cartOps),
      lateCycles: this.late,
      cycles: this.cycles,
    };
  }
}

/** the submit code of a stock shortage; its data lists the short dishes */
const STOCK_SHORT = 2000;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** Tables seated at once: more only queues at the server. */
const SEATING_BATCH = 20;

/** Seats every diner (table join, cart id), a batch of tables at a time; returns the tables with their cart. */
export async function seatDiners(http: HttpClient, seats: Seat[], dinersPerTable: number): Promise<Table[]> {
  const seatTable = async (seat: Seat): Promise<Table> => {
    const { rid, tableId, sid } = seat;
    const diners = Array.from({ length: dinersPerTable }, (_, d) => `bench-${tableId}-${d}-${randomUUID()}`);
    let cart = { value: 0, sign: "" };
    for (const guid of diners) {
      await http.json(`${API.tableJoin}?rid=${rid}`, {
        accessType: "realTable",
        guid,
        restaurantId: rid,
        tableId,
        sid,
      });
      const answer = await http.send(
        "GET",
        `${API.cartId}?rid=${rid}&tableId=${tableId}&guid=${guid}&sid=${sid}`,
      );
      if (answer.body.code !== 1000) throw new Error(`cart id for table ${tableId}: ${answer.body.message}`);
      cart = answer.body.data as typeof cart;
    }
    return { seat, cart, diners, turn: 0 };
  };
  const tables: Table[] = [];
  for (let i = 0; i < seats.length; i += SEATING_BATCH) {
    tables.push(...(await Promise.all(seats.slice(i, i + SEATING_BATCH).map(seatTable))));
  }
  return tables;
}

export async function runLoad(http: HttpClient, tables: Table[], input: LoadInput): Promise<LoadResult> {
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
  const errors: string[] = [];
  let cartOpsRefused = 0;
  const periodMs = (tables.length * 1000) / input.rate;
  const popular = [...input.popular];
  const soldOut = (shortages: unknown) => {
    for (const { foodId } of (shortages ?? []) as Array<{ foodId: number }>) {
      const at = popular.indexOf(foodId);
      if (at >= 0) popular.splice(at, 1);
    }
  };

  const op = async (table: Table, guid: string, operation: object, recorder: Recorder) => {
    const sent = performance.now();
    const answer = await http.json(API.cartOps, {
      rid: table.seat.rid,
      cartId: table.cart.value,
      cartIdSign: table.cart.sign,
      guid,
      opId: randomUUID(),
      op: operation,
    });
    recorder.cartOps.push(performance.now() - sent);
    const verdict = (answer.body.data as { verdict?: { ok: boolean } } | undefined)?.verdict;
    if (!verdict?.ok) cartOpsRefused++;
  };

  const submit = (table: Table, guid: string, submitId: string): Promise<Answer> =>
    http.form(
      API.orderSubmit,
      {
        data: JSON.stringify({
          submitId,
          restaurantId: table.seat.rid,
          realTableId: table.seat.tableId,
          cartId: table.cart.value,
          cartIdSign: table.cart.sign,
          wholeMemo: { guid, memo: "" },
          orderUsers: [{ guid }],
          userId: guid,
          personNum: 2,
        }),
        isNewVersion: true,
        token: "",
        smToken: "",
      },
      `guid=${guid}`,
    );

  const cycle = async (table: Table) => {
    const guid = table.diners[table.turn++ % table.diners.length] ?? "";
    const recorder = phases[phaseAt(performance.now())];
    recorder.cycles++;
    const first = pick(input.others);
    let second = popular.length && Math.random() < input.popularShare ? pick(popular) : pick(input.others);
    while (second === first) second = pick(input.others);
    for (const foodId of [first, second]) {
      await op(
        table,
        guid,
        { kind: "add", foodId, choice: { normId: null, methodIds: [], additions: [], parts: [] } },
        recorder,
      );
    }
    const submitId = randomUUID();
    const sentAt = performance.now();
    const at = phases[phaseAt(sentAt)];
    const answer = await submit(table, guid, submitId);
    const ms = performance.now() - sentAt;
    const code = String(answer.body.code);
    at.codes[code] = (at.codes[code] ?? 0) + 1;
    if (answer.body.code !== 1000) {
      at.refused.push(ms);
      // the restaurant's diners hear a sold-out dish (type 20) and stop adding it
      if (answer.body.code === STOCK_SHORT) soldOut(answer.body.data);
      await op(table, guid, { kind: "clear" }, at);
      return;
    }
    at.accepted.push(ms);
    const { orderId } = answer.body.data as { orderId: number };
    accepted.set(submitId, orderId);
    if (Math.random() < input.retryShare) {
      retries.sent++;
      const again = await submit(table, guid, submitId);
      const sameOrder =
        again.body.code === 1000 && (again.body.data as { orderId: number }).orderId === orderId;
      if (sameOrder) retries.sameOrder++;
      else retries.otherAnswer++;
    }
  };

  const loop = async (table: Table, index: number) => {
    let slot = start + (index * periodMs) / tables.length;
    while (slot < endAt) {
      const wait = slot - performance.now();
      if (wait > 0) await sleep(wait);
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

  await Promise.all(tables.map(loop));
  return {
    warmup: phases.warmup.figures(input.warmupMs / 1000),
    steady: phases.steady.figures(input.steadyMs / 1000),
    accepted,
    retries,
    cartOpsRefused,
    errors,
  };
}
