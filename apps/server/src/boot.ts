import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config.js";
import { type Database, migrationsFolder, openDatabase, StoreOpenError } from "./db/client.js";
import { seedDemoMembers } from "./db/demo/members.js";
import { type DemoOwner, refreshDemoPeriods, refreshDemoVersions, seedDemo } from "./db/demo/seed.js";
import { seedDemoStations } from "./db/demo/stations.js";
import { seedDemoTranslations } from "./db/demo/translations.js";
import { damagedStore } from "./db/store/explain.js";
import { acquireDataDirLock, type DataDirLock } from "./db/store/lock.js";
import { migrationsOf } from "./db/store/snapshot.js";
import { finishStoreSwap, storeFolder } from "./db/store/swap.js";
import { upgradeNotice, upgradeStore } from "./db/store/upgrade.js";
import { type Backplane, memoryBackplane } from "./realtime/hub.js";
import { redisBackplane } from "./realtime/redis-backplane.js";
import { resolveSecret } from "./security/secret.js";

/**
 * The clock business hours, sale periods and orders are judged by: the machine's, or moved by
 * TEST_CLOCK_SHIFT_MS (end-to-end tests that need the shop open, or closed, whatever the hour).
 */
export function serverClock(config: Pick<Config, "TEST_CLOCK_SHIFT_MS">): () => Date {
  const shift = config.TEST_CLOCK_SHIFT_MS ?? 0;
  return shift === 0 ? () => new Date() : () => new Date(Date.now() + shift);
}

/**
 * Opens the configured database: the embedded store only once DATA_DIR's lock is this process's (a
 * second process is refused, naming the holder), a folder the previous engine made is upgraded first
 * (store/upgrade.ts), and a folder the engine cannot open is explained, never touched. Closing the database gives the lock back.
 */
export async function openStore(
  config: Config,
  who: { command: string; port?: number | null; lock?: DataDirLock },
): Promise<{ database: Database; lock: DataDirLock | null }> {
  if (config.DATABASE_URL) {
    const database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: "",
      lockTimeoutMs: config.LOCK_TIMEOUT_MS,
    });
    return { database, lock: null };
  }
  const lock =
    who.lock ?? acquireDataDirLock(config.DATA_DIR, { command: who.command, port: who.port ?? null });
  try {
    const finished = finishStoreSwap(config.DATA_DIR);
    if (finished) console.warn(finished);
    const upgraded = await upgradeStore(config.DATA_DIR);
    if (upgraded) console.warn(upgradeNotice(upgraded));
    const database = await openDatabase({ dataDir: storeFolder(config.DATA_DIR) });
    const close = database.close;
    database.close = async () => {
      try {
        await close();
      } finally {
        lock.release();
      }
    };
    return { database, lock };
  } catch (error) {
    lock.release();
    throw error instanceof StoreOpenError ? damagedStore(config.DATA_DIR, error) : error;
  }
}

/**
 * Opens the store (openStore), migrates it, and seeds the demo restaurants on first start. The
 * demo owners' sign-ins come back only from that first start (`firstOwners`), for main to print once.
 */
export async function openAndPrepare(
  config: Config,
  who: { command: string; port?: number | null; lock?: DataDirLock; clock?: () => Date },
): Promise<{ database: Database; lock: DataDirLock | null; secret: string; firstOwners: DemoOwner[] }> {
  const clock = who.clock ?? serverClock(config);
  const { database, lock } = await openStore(config, who);
  const secret = resolveSecret(config);
  if (config.MIGRATE === "false") {
    // another process runs the migrations (and seeds): this one only checks it finds them all
    await expectMigrated(database);
    return { database, lock, secret, firstOwners: [] };
  }
  await database.migrate();
  let firstOwners: DemoOwner[] = [];
  if (config.SEED_DEMO === "true") {
    const now = clock();
    firstOwners = (await seedDemo(database.db, now, { passwordCost: config.PASSWORD_COST })).owners;
    // Two demo dishes are defined relative to the clock ("not on sale now", "ending soon").
    await refreshDemoPeriods(database.db, now);
    // A data directory seeded earlier gets the demo's register versions (阿婆粥铺's old one).
    await refreshDemoVersions(database.db);
    // a data directory seeded before the kitchen existed gets the demo's stations
    await seedDemoStations(database.db);
    // and before members existed, the demo's member programme
    await seedDemoMembers(database.db, now);
    // and before menus were translated, 江南食府's English
    await seedDemoTranslations(database.db);
  }
  return { database, lock, secret, firstOwners };
}

/** In process by default; Redis pub/sub when REDIS_URL is set, so several servers share every table. */
export function openBackplane(config: Config): Promise<Backplane> {
  return config.REDIS_URL
    ? redisBackplane(config.REDIS_URL, config.REDIS_CHANNEL_PREFIX)
    : Promise.resolve(memoryBackplane());
}

/** With MIGRATE=false: the database must already have every migration this build has, else the start stops. */
async function expectMigrated(database: Database): Promise<void> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  const { migrations } = await database.session("snapshot", migrationsOf);
  if (migrations < journal.entries.length) {
    await database.close();
    throw new Error(
      `MIGRATE=false: the database has ${migrations} of this version's ${journal.entries.length} migrations. ` +
        "Start the process that runs migrations (MIGRATE unset or true) first, then this one.",
    );
  }
}
