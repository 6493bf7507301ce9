/**
 * The floor: pgbench running the bare submit transaction (stock decrement of a popular dish, the order
 * insert, two line inserts) on tables of the same shape (LIKE, with the same indexes, defaults and
 * foreign keys) holding a copy of the earlier days' orders, in the bench's own database, at full speed
 * with prepared statements. Latencies come from pgbench's per-transaction log.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { Seat } from "../cart/commands.js";
import { round2, type Spread, spread } from "../cart/stats.js";

const run = promisify(execFile);
const PGBENCH = process.env.PGBENCH ?? "/usr/bin/pgbench";

export interface FloorInput {
  databaseUrl: string;
  seats: Seat[];
  /** the bench's popular dishes: copied as floor dishes 1..n with this estimate */
  popular: number[];
  other: number;
  clients: number;
  seconds: number;
}

export interface FloorResult {
  clients: number;
  transactionsPerSecond: number;
  latencyMs: Spread;
  failed: number;
  script: string;
}

const FLOOR_ESTIMATE = 100_000_000;

/** Floor tables beside the real ones, each LIKE its model, with the model's foreign keys. */
async function createFloorTables(client: pg.Client, input: FloorInput): Promise<void> {
  await client.query(`
    drop table if exists bench_floor_order_lines, bench_floor_orders, bench_floor_dishes;
    create table bench_floor_dishes (like dishes including all);
    create table bench_floor_orders (like orders including all);
    create table bench_floor_order_lines (like order_lines including all);
    alter table bench_floor_dishes add foreign key (restaurant_id) references restaurants(id),
      add foreign key (category_id) references categories(id);
    alter table bench_floor_orders add foreign key (restaurant_id) references restaurants(id),
      add foreign key (table_id) references tables(id), add foreign key (cart_id) references carts(id);
    alter table bench_floor_order_lines add foreign key (order_id) references bench_floor_orders(id);
  `);
  const ids = [...input.popular, input.other];
  // the copies are numbered 1..n in the order given, so the script can pick one with random()
  await client.query("insert into bench_floor_dishes select * from dishes where id = any($1::int[])", [ids]);
  // through negative ids, so no renumbered row meets a copy still holding its old id
  await client.query("update bench_floor_dishes set id = -array_position($1::int[], id), estimate = $2", [
    ids,
    FLOOR_ESTIMATE,
  ]);
  await client.query("update bench_floor_dishes set id = -id");
  // the restaurant's earlier orders (history.ts), so the floor plans against the same history as the server
  await client.query(`
    insert into bench_floor_orders select * from orders;
    insert into bench_floor_order_lines select * from order_lines;
    analyze bench_floor_dishes, bench_floor_orders, bench_floor_order_lines;
  `);
}

function script(input: FloorInput, cartId: number): string {
  const tableIds = input.seats.map((s) => s.tableId);
  const rid = input.seats[0]?.rid ?? 0;
  const other = input.popular.length + 1;
  return [
    `\\set d random(1, ${input.popular.length})`,
    `\\set t random(${Math.min(...tableIds)}, ${Math.max(...tableIds)})`,
    "BEGIN;",
    "UPDATE bench_floor_dishes SET estimate = estimate - 1 WHERE id = :d AND restaurant_id = " +
      `${rid} AND estimate <> -1 AND estimate >= 1;`,
    "INSERT INTO bench_floor_orders (restaurant_id, table_id, cart_id, main_guid, submit_id, eat_type, " +
      `person_num, total_price, vip_total_price) VALUES (${rid}, :t, ${cartId}, 'bench-floor-diner', ` +
      "gen_random_uuid()::text, 'dine', 2, 56.00, 56.00) RETURNING id \\gset",
    "INSERT INTO bench_floor_order_lines (order_id, food_id, name, unit, detail_id, count, unit_price, " +
      "vip_unit_price, total, vip_total) VALUES " +
      `(:id, ${other}, '家常豆腐', '份', 'floor-a', 1, 28, 28, 28, 28), ` +
      "(:id, :d, '招牌菜', '份', 'floor-b', 1, 28, 28, 28, 28);",
    "COMMIT;",
    "",
  ].join("\n");
}

/** pgbench's per-transaction log: `client transaction latency_us script epoch us` per line. */
function logLatencies(dir: string): number[] {
  const latencies: number[] = [];
  for (const file of readdirSync(dir).filter((f) => f.startsWith("floor."))) {
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      const us = Number(line.split(" ")[2]);
      if (line && Number.isFinite(us)) latencies.push(us / 1000);
    }
  }
  return latencies;
}

export async function pgbenchFloor(input: FloorInput): Promise<FloorResult> {
  const client = new pg.Client({ connectionString: input.databaseUrl });
  await client.connect();
  const dir = mkdtempSync(join(tmpdir(), "tablemate-floor-"));
  try {
    await createFloorTables(client, input);
    const { rows } = await client.query<{ id: number }>("select id from carts where table_id = $1 limit 1", [
      input.seats[0]?.tableId ?? 0,
    ]);
    const text = script(input, rows[0]?.id ?? 0);
    writeFileSync(join(dir, "submit.sql"), text);
    const url = new URL(input.databaseUrl);
    const { stdout } = await run(
      PGBENCH,
      [
        "-n",
        `--file=${join(dir, "submit.sql")}`,
        `--client=${input.clients}`,
        "--jobs=2",
        `--time=${input.seconds}`,
        "--protocol=prepared",
        "--log",
        `--log-prefix=${join(dir, "floor")}`,
        `--host=${url.hostname}`,
        `--port=${url.port || "5432"}`,
        `--username=${decodeURIComponent(url.username) || "postgres"}`,
        url.pathname.slice(1),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? 0);
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    return {
      clients: input.clients,
      transactionsPerSecond: round2(tps),
      latencyMs: spread(logLatencies(dir)),
      failed,
      script: text,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await client.end();
  }
}
