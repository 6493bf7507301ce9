import { randomBytes, randomUUID } from "node:crypto";
import type { HelloMessage, ServerMessage } from "@tablemate/core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { operate } from "../src/modules/cart/operate.js";
import { type Backplane, cartTopic } from "../src/realtime/hub.js";
import { redisBackplane } from "../src/realtime/redis-backplane.js";
import {
  type DemoTable,
  demoTable,
  json,
  socketAt,
  socketBase,
  startTestApp,
  type TestApp,
} from "./support/harness.js";
import { Diner, menuOf, PLAIN, plainDish, tablesOfTheirOwn } from "./support/ordering.js";
import { OwnRedis } from "./support/own-redis.js";
import { TableSocket } from "./support/table-socket.js";

type Readyz = { status: string; checks: Record<string, { ok: boolean; detail: string }> };

async function readyz(app: TestApp): Promise<Readyz> {
  return (await app.server.inject({ method: "GET", url: "/readyz" })).json() as Readyz;
}

/** polls /readyz (every 100 ms, 15 s at most) until `check` is as wanted */
async function untilCheck(app: TestApp, check: string, ok: boolean): Promise<Readyz> {
  for (let i = 0; i < 150; i++) {
    const answer = await readyz(app);
    if (answer.checks[check]?.ok === ok) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${check} never became ${ok ? "ok" : "failing"}`);
}

const hellos = (socket: TableSocket) =>
  socket.messages.filter((m: ServerMessage): m is HelloMessage => m.type === "hello");

/**
 * Redis stopped and started again under phones on sockets. The server (in this process) and
 * `otherProcess` (another server's backplane on the same Redis and database) share the table.
 */
describe("a Redis outage", () => {
  let redis: OwnRedis;
  let app: TestApp;
  let otherProcess: Backplane;
  let table: DemoTable;
  let base: string;

  beforeAll(async () => {
    redis = await OwnRedis.start();
    const prefix = `outage-${randomBytes(6).toString("hex")}:`;
    app = await startTestApp("pglite", { backplane: await redisBackplane(redis.url, prefix) });
    otherProcess = await redisBackplane(redis.url, prefix);
    table = await demoTable(app, (r) => !r.fastHotel && r.wctPayType !== 1);
    base = await socketBase(app);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await otherProcess?.close();
    await redis?.stop();
  });

  it("keeps verdicts and this process's tablemates, says Redis is down, and has every phone catch up on its return", async () => {
    const consoleErrors = vi.spyOn(console, "error");
    const a = await TableSocket.open(socketAt(base, table, "outage-aaaa-0001"));
    const b = await TableSocket.open(socketAt(base, table, "outage-bbbb-0002"));
    const cartId = hellos(a)[0]?.cart.cartId ?? 0;
    const dish = plainDish(await menuOf(app, table.restaurantId));
    const heardElsewhere: string[] = [];
    await otherProcess.subscribe(cartTopic(cartId), (message) => heardElsewhere.push(message));
    /** an operation another server process commits and announces on its own backplane */
    const elsewhere = async () =>
      operate(
        { db: app.db, backplane: otherProcess, now: () => new Date() },
        {
          cartId,
          guid: "outage-aaaa-0001",
          opId: randomUUID(),
          op: { kind: "add", foodId: dish.id, choice: PLAIN },
          accessType: "realTable",
        },
      );

    // connected: both ways across processes
    const before = await a.op({ kind: "add", foodId: dish.id, choice: PLAIN });
    await b.untilVersion(before.version);
    await vi.waitUntil(() => heardElsewhere.length > 0);
    const fromElsewhere = (await elsewhere()).verdict.version;
    await a.untilVersion(fromElsewhere);
    expect((await readyz(app)).checks.redis).toEqual({ ok: true, detail: "connected" });

    await redis.stop();
    const down = await untilCheck(app, "redis", false);
    expect(down.status).toBe("failing");
    expect(down.checks.redis?.detail).toMatch(/^Redis is not reachable/);
    // the sender gets its verdict at once and its tablemate on this process hears
    const started = Date.now();
    const during = await a.op({ kind: "add", foodId: dish.id, choice: PLAIN }, randomUUID());
    expect(during.ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    await b.untilVersion(during.version);
    // another process's change meanwhile reaches nobody here
    const missed = (await elsewhere()).verdict.version;
    expect(missed).toBeGreaterThan(during.version);

    await redis.restart();
    await untilCheck(app, "redis", true);
    // every phone is greeted again with the cart as it is, the missed change in it
    for (const phone of [a, b]) {
      const again = await phone.until((m) => m.type === "hello" && m.cart.version >= missed);
      expect((again as HelloMessage).cart.lines.length).toBeGreaterThan(0);
      expect(hellos(phone)).toHaveLength(2);
    }
    // and news crosses processes again, both ways
    const after = (await elsewhere()).verdict.version;
    await a.untilVersion(after);
    const heard = heardElsewhere.length;
    const last = await b.op({ kind: "add", foodId: dish.id, choice: PLAIN });
    await vi.waitUntil(() =>
      heardElsewhere.slice(heard).some((m) => m.includes(`"version":${last.version}`)),
    );
    // connection errors were handled, never printed as ioredis's unhandled error events
    expect(consoleErrors.mock.calls.flat().join(" ")).not.toContain("ioredis");
    consoleErrors.mockRestore();
    a.close();
    b.close();
  }, 60_000);
});

/** Ends every connection of the app's database but the one asking (as a restart or failover does). */
async function cutConnections(app: TestApp): Promise<void> {
  const url = new URL(app.databaseUrl ?? "");
  const database = url.pathname.slice(1);
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const cut = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    expect(cut.rowCount).toBeGreaterThan(0);
  } finally {
    await admin.end();
  }
}

/** The server's PostgreSQL connections cut (as a database restart or failover does). */
describe("a PostgreSQL connection cut", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("postgres");
  }, 120_000);
  afterAll(() => app?.close());

  it("is survived: the next requests connect again and succeed", async () => {
    const [restaurant] = (await app.db.query.restaurants.findMany()).filter(
      (r) => !r.fastHotel && r.wctPayType !== 1,
    );
    if (!restaurant) throw new Error("no pay-later restaurant in the demo");
    const seat = await tablesOfTheirOwn(app, restaurant.id, 2, "断线");
    const dish = plainDish(await menuOf(app, restaurant.id));
    const dine = async () => {
      const diner = await new Diner(app, `guid-${randomUUID()}`, seat()).sit();
      await diner.add(dish.id);
      return json(await diner.submit());
    };
    expect((await dine()).code).toBe(1000);

    await cutConnections(app);

    expect((await readyz(app)).checks.store?.ok).toBe(true);
    const again = await dine();
    expect(again).toMatchObject({ code: 1000 });
    expect((again.data as { orderId: number }).orderId).toBeGreaterThan(0);
  }, 60_000);

  it("while a transaction holds its connection fails that transaction, not the process", async () => {
    let resume = () => {};
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let started = () => {};
    const begun = new Promise<void>((resolve) => {
      started = resolve;
    });
    const held = app.database.session("write", async (query) => {
      await query("select 1");
      started();
      // between two statements, where node-postgres reports a cut as an event, not a failed query
      await paused;
      return query("select 1");
    });
    await begun;
    await cutConnections(app);
    // the cut reaches the held connection as its socket closes
    await new Promise((resolve) => setTimeout(resolve, 200));
    resume();
    await expect(held).rejects.toThrow(/terminat|connection error/i);
    // the cut connection went out of the pool: the next session gets a live one
    expect(await app.database.session("snapshot", (query) => query("select 1 as one"))).toEqual([{ one: 1 }]);
  }, 60_000);
});
