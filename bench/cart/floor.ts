/**
 * The floors, run in the client process: what the fan-out costs with nothing but sockets, and what one
 * committed PostgreSQL transaction costs with nothing but the database, at the cart load's rate.
 */
import pg from "pg";
import WebSocket from "ws";
import type {
  FloorBroadcastInput,
  FloorBroadcastResult,
  FloorTransactionInput,
  FloorTransactionResult,
} from "./commands.js";
import { atRate, sleep } from "./rate.js";
import { loopDelayOf, round2, spread, watchLoop } from "./stats.js";

const FLOOR_TABLE = "bench_floor_counter";

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Groups of sockets on the bare server; one member of a random group sends, all members receive. */
export async function floorBroadcast(input: FloorBroadcastInput): Promise<FloorBroadcastResult> {
  const groups: WebSocket[][] = [];
  for (let g = 0; g < input.groups; g++) {
    groups.push(
      await Promise.all(Array.from({ length: input.perGroup }, () => open(`${input.url}/?g=${g}`))),
    );
  }
  const sentAt: number[] = [];
  const counted: boolean[] = [];
  const delays: number[] = [];
  for (const group of groups) {
    for (const socket of group) {
      socket.on("message", (data) => {
        const at = performance.now();
        const { s } = JSON.parse(String(data)) as { s: number };
        const sent = sentAt[s];
        if (sent !== undefined && counted[s]) delays.push(at - sent);
      });
    }
  }
  // {"s":<sequence>,"p":"<pad>"} comes to about payloadBytes
  const pad = "x".repeat(Math.max(0, input.payloadBytes - 20));
  let counting = false;
  const pace = atRate(input.rate, () => {
    const group = groups[Math.floor(Math.random() * groups.length)] ?? [];
    const sender = group[Math.floor(Math.random() * group.length)];
    if (!sender) return;
    const s = sentAt.length;
    sentAt.push(performance.now());
    counted.push(counting);
    sender.send(JSON.stringify({ s, p: pad }));
  });
  await sleep(input.warmupMs);
  counting = true;
  const loop = watchLoop();
  await sleep(input.steadyMs);
  counting = false;
  loop.disable();
  pace.stop();
  await sleep(1000);
  for (const socket of groups.flat()) socket.close();
  const sent = counted.filter(Boolean).length;
  return {
    sent,
    delayMs: spread(delays),
    expected: sent * input.perGroup,
    received: delays.length,
    lost: sent * input.perGroup - delays.length,
    clientLoopDelayMs: loopDelayOf(loop),
  };
}

/** `BEGIN; UPDATE one row; COMMIT` on a pool as large as the server's, at the same pace. */
export async function floorTransaction(input: FloorTransactionInput): Promise<FloorTransactionResult> {
  const pool = new pg.Pool({ connectionString: input.databaseUrl, max: input.connections });
  // a plain table, not a temporary one: a temporary table would be private to each pooled connection
  await pool.query(`create table if not exists ${FLOOR_TABLE} (id integer primary key, v bigint not null)`);
  await pool.query(`insert into ${FLOOR_TABLE} values (1, 0) on conflict (id) do nothing`);
  const latencies: number[] = [];
  let failed = 0;
  let counting = false;
  let inFlight = 0;
  const transaction = async (count: boolean) => {
    const start = performance.now();
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query(`UPDATE ${FLOOR_TABLE} SET v = v + 1 WHERE id = 1`);
      await client.query("COMMIT");
      if (count) latencies.push(performance.now() - start);
    } finally {
      client.release();
    }
  };
  const pace = atRate(input.rate, () => {
    inFlight++;
    transaction(counting)
      .catch(() => {
        failed++;
      })
      .finally(() => {
        inFlight--;
      });
  });
  await sleep(input.warmupMs);
  counting = true;
  const loop = watchLoop();
  const started = performance.now();
  await sleep(input.steadyMs);
  const seconds = (performance.now() - started) / 1000;
  counting = false;
  loop.disable();
  pace.stop();
  while (inFlight > 0) await sleep(10);
  await pool.query(`drop table ${FLOOR_TABLE}`);
  await pool.end();
  return {
    latencyMs: spread(latencies),
    perSecond: round2(latencies.length / seconds),
    failed,
    clientLoopDelayMs: loopDelayOf(loop),
  };
}
