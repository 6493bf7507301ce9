import { randomBytes } from "node:crypto";
import { API } from "@tablemate/core";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { type App, buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { type Database, type Db, openDatabase } from "../../src/db/client.js";
import { seedDemo } from "../../src/db/demo/seed.js";
import { restaurants, tables } from "../../src/db/schema.js";
import type { MemberStorePlugins } from "../../src/modules/member/stores.js";
import type { ProviderFactories } from "../../src/modules/payment/providers.js";
import type { SmsSender } from "../../src/modules/verification/sms.js";
import type { Backplane } from "../../src/realtime/hub.js";
import { createSigner } from "../../src/security/signer.js";
import { type Backend, createTestDatabase, type TestDatabase } from "./databases.js";

export const TEST_SECRET = "test-secret-that-is-long-enough-for-hmac-0123456789";

/**
 * The credential a browser holding `guid` would have been issued (by the app shell or getUserInfo):
 * tests name their diners by guid and act as them through it. Issuing itself is tested on its own.
 */
export function visitorToken(guid: string): string {
  return createSigner(TEST_SECRET).visitorCredential(guid);
}

/** Headers that act as the visitor `guid` (the spec's token header). */
export const asVisitor = (guid: string) => ({ token: visitorToken(guid) });

/** Headers that open the socket at `url` as the visitor its guid parameter names (none: no credential). */
export function socketHeaders(url: string): Record<string, string> {
  const guid = new URL(url).searchParams.get("guid");
  return guid ? asVisitor(guid) : {};
}

export interface TestApp extends App {
  db: Db;
  /** the database under `db` (its sessions: backups, raw reads) */
  database: Database;
  /** set on PostgreSQL */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** The whole server on a fresh database with the demo seeded through its own domain functions. */
export async function startTestApp(
  backend: Backend,
  opts: {
    now?: () => Date;
    env?: Record<string, string>;
    smsSender?: SmsSender;
    backplane?: Backplane;
    paymentProviders?: ProviderFactories;
    memberStores?: MemberStorePlugins;
    /** a second server on this app's PostgreSQL database (its own pool, queues and jobs; not seeded again) */
    sharing?: TestApp;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    SEED_DEMO: "false",
    // scrypt's cheapest cost the config takes: tests sign in often on two shared cores
    PASSWORD_COST: "10",
    // the sandbox gateway's signing secret, made for this app (never a default one)
    SANDBOX_PAY_SECRETS: randomBytes(32).toString("hex"),
    ...opts.env,
  });
  const testDb = opts.sharing
    ? await sharedDatabase(opts.sharing, config.LOCK_TIMEOUT_MS)
    : await createTestDatabase(backend, { lockTimeoutMs: config.LOCK_TIMEOUT_MS });
  if (!opts.sharing) await seedDemo(testDb.database.db, new Date(), { passwordCost: config.PASSWORD_COST });
  const app = await buildApp({
    config,
    database: testDb.database,
    secret: TEST_SECRET,
    now: opts.now,
    smsSender: opts.smsSender,
    backplane: opts.backplane,
    paymentProviders: opts.paymentProviders,
    memberStores: opts.memberStores,
  });
  await app.server.ready();
  return {
    ...app,
    db: testDb.database.db,
    database: testDb.database,
    databaseUrl: testDb.url,
    close: async () => {
      await app.server.close();
      await testDb.drop();
    },
  };
}

/** Another pool on a test app's PostgreSQL database; closing it leaves the database to its owner. */
async function sharedDatabase(owner: TestApp, lockTimeoutMs: number): Promise<TestDatabase> {
  if (!owner.databaseUrl) throw new Error("only a PostgreSQL test app can be shared");
  const database = await openDatabase({ url: owner.databaseUrl, dataDir: "", lockTimeoutMs });
  return { database, url: owner.databaseUrl, drop: () => database.close() };
}

/**
 * One app's face over several servers sharing a database: each request goes to the next server in
 * turn, so a test's concurrent calls land on different servers as a load balancer would spread them.
 */
export function roundRobin(apps: readonly TestApp[]): TestApp & { served: number[] } {
  const [first] = apps;
  if (!first) throw new Error("no app to spread over");
  let next = 0;
  /** requests each server was given */
  const served = apps.map(() => 0);
  const server = new Proxy(first.server, {
    get(target, property, receiver) {
      if (property !== "inject") return Reflect.get(target, property, receiver);
      return (...args: unknown[]) => {
        const index = next++ % apps.length;
        served[index] = (served[index] ?? 0) + 1;
        const { server: to } = apps[index] ?? first;
        return (to.inject as (...injected: unknown[]) => unknown).apply(to, args);
      };
    },
  });
  return { ...first, server, served };
}

export interface DemoTable {
  restaurantId: number;
  tableId: number;
  sid: string;
  fastHotel: boolean;
}

/** A demo table of the restaurant matching `where`, with its signed token. */
export async function demoTable(
  app: TestApp,
  where: (r: typeof restaurants.$inferSelect) => boolean = () => true,
) {
  const all = await app.db.select().from(restaurants);
  const restaurant = all.find(where);
  if (!restaurant) throw new Error("no demo restaurant matches");
  const [table] = (await app.db.select().from(tables)).filter((t) => t.restaurantId === restaurant.id);
  if (!table) throw new Error("demo restaurant has no table");
  return {
    restaurantId: restaurant.id,
    tableId: table.id,
    sid: app.signer.tableToken(restaurant.id, table.id),
    fastHotel: restaurant.fastHotel,
  } satisfies DemoTable;
}

export function json(response: LightMyRequestResponse): {
  code: number;
  success: boolean;
  data: unknown;
  message: unknown;
  [key: string]: unknown;
} {
  return response.json();
}

export function form(
  payload: Record<string, string | number | boolean>,
  asGuid?: string,
): {
  headers: Record<string, string>;
  payload: string;
} {
  const body = new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]));
  const headers = {
    "content-type": "application/x-www-form-urlencoded",
    ...(asGuid ? asVisitor(asGuid) : {}),
  };
  return { headers, payload: body.toString() };
}

export type Server = FastifyInstance;

/** Listens on a free port of 127.0.0.1 for real sockets; answers the table socket's base URL. */
export async function socketBase(app: TestApp): Promise<string> {
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `ws://127.0.0.1:${address.port}${API.socket}`;
}

/** The socket URL a diner (`guid`) opens at a table: its handshake, as the app sends it. */
export const socketAt = (
  base: string,
  table: { restaurantId: number; tableId: number; sid: string },
  guid: string,
) => `${base}?rid=${table.restaurantId}&tableId=${table.tableId}&sid=${table.sid}&guid=${guid}`;
