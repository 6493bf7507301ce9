/**
 * The embedded engine alone, in this process (no HTTP, no server): a fresh folder created, migrated and
 * seeded; one-row write transactions, point reads and a join, each timed; the checkpointing close and
 * a reopen. Run it in two checkouts with different PGlite versions installed to compare the engines
 * (issue 26): bench/results/embedded-engine.json.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../apps/server/src/db/client.js";
import { seedDemo } from "../apps/server/src/db/demo/seed.js";
import { benchMain } from "./bench-main.js";
import { loadAverageNow, machineFacts } from "./machine.js";

const ROOT = new URL("..", import.meta.url).pathname;
const RESULTS_FILE = join(ROOT, "bench/results/embedded-engine.json");
const OPS = Number(process.env.BENCH_OPS ?? 1500);
const JOINS = 200;

const log = (text: string) => process.stderr.write(`[embedded-engine] ${text}\n`);

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return Math.round(performance.now() - started);
}

const perSecond = (count: number, ms: number) => Math.round(count / (ms / 1000));

async function run(resources: { dir?: string; database?: Database }) {
  const loadAverageAtStart = loadAverageNow();
  const engine = (
    JSON.parse(readFileSync(join(ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  const dir = mkdtempSync(join(tmpdir(), "tablemate-engine-"));
  resources.dir = dir;
  let database: Database | undefined;
  const createMs = await timed(async () => {
    database = await openDatabase({ dataDir: dir });
  });
  if (!database) throw new Error("no database");
  const open = database;
  resources.database = open;
  const migrateMs = await timed(() => open.migrate());
  const seedMs = await timed(() => seedDemo(open.db, new Date(), { passwordCost: 10 }));
  await open.session("write", (query) =>
    query("create table bench_rows (id serial primary key, v text not null)"),
  );
  log(`PGlite ${engine}: created ${createMs} ms, migrated ${migrateMs} ms, seeded ${seedMs} ms`);
  const writesMs = await timed(async () => {
    for (let i = 0; i < OPS; i++)
      await open.session("write", (query) => query("insert into bench_rows (v) values ($1)", [`row ${i}`]));
  });
  const readsMs = await timed(async () => {
    for (let i = 0; i < OPS; i++)
      await open.session("snapshot", (query) => query("select * from dishes where id = $1", [1 + (i % 50)]));
  });
  const joinsMs = await timed(async () => {
    for (let i = 0; i < JOINS; i++)
      await open.session("snapshot", (query) =>
        query(
          "select d.id, count(b.id) from dishes d left join bench_rows b on b.id % 50 = d.id % 50 group by d.id",
        ),
      );
  });
  const closeMs = await timed(() => open.close());
  resources.database = undefined;
  let reopened: Database | undefined;
  const reopenMs = await timed(async () => {
    reopened = await openDatabase({ dataDir: dir });
    await reopened.ping();
  });
  resources.database = reopened;
  return {
    engine: `PGlite ${engine}`,
    createMs,
    migrateMs,
    seedMs,
    writeTransactionsPerSecond: perSecond(OPS, writesMs),
    pointReadsPerSecond: perSecond(OPS, readsMs),
    joinMs: Math.round((joinsMs / JOINS) * 10) / 10,
    checkpointCloseMs: closeMs,
    reopenMs,
    machine: machineFacts({
      loadAverageAtStart,
      loadAverageAtEnd: loadAverageNow(),
      sharedBy: "the lead's CI runs and other helpers",
    }),
  };
}

await benchMain<{ dir?: string; database?: Database }, Awaited<ReturnType<typeof run>>>({
  name: "embedded-engine",
  resultsFile: RESULTS_FILE,
  log,
  run,
  summary: (r) =>
    `embedded engine (${r.engine}): create ${r.createMs} ms, migrate ${r.migrateMs} ms, seed ${r.seedMs} ms; ` +
    `${r.writeTransactionsPerSecond} write tx/s, ${r.pointReadsPerSecond} point reads/s, join ${r.joinMs} ms; ` +
    `close ${r.checkpointCloseMs} ms, reopen ${r.reopenMs} ms; load ${r.machine.loadAverageAtStart} → ${r.machine.loadAverageAtEnd}\n`,
  release: async ({ dir, database }) => {
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  },
});
