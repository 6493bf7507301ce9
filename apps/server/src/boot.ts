import type { Config } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";
import { seedDemoMembers } from "./db/demo/members.js";
import { type DemoOwner, refreshDemoPeriods, refreshDemoVersions, seedDemo } from "./db/demo/seed.js";
import { seedDemoStations } from "./db/demo/stations.js";
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
 * Opens the configured database, migrates it, and seeds the demo restaurants on first start. The
 * demo owners' sign-ins come back only from that first start (`firstOwners`), for main to print once.
 */
export async function openAndPrepare(
  config: Config,
  clock: () => Date = serverClock(config),
): Promise<{ database: Database; secret: string; firstOwners: DemoOwner[] }> {
  const secret = resolveSecret(config);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: `${config.DATA_DIR}/pglite`,
    lockTimeoutMs: config.LOCK_TIMEOUT_MS,
  });
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
  }
  return { database, secret, firstOwners };
}

/** In process by default; Redis pub/sub when REDIS_URL is set, so several servers share every table. */
export function openBackplane(config: Config): Promise<Backplane> {
  return config.REDIS_URL
    ? redisBackplane(config.REDIS_URL, config.REDIS_CHANNEL_PREFIX)
    : Promise.resolve(memoryBackplane());
}
