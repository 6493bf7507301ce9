import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { API, type Dish } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../../e2e/support/server.js";
import { migrationsFolder } from "../src/db/client.js";
import { printers, printJobs } from "../src/db/schema.js";
import { queuePage } from "../src/modules/print/enqueue.js";
import { startFakeEscposPrinter } from "../src/modules/print/fakes/escpos-printer.js";
import { ConsoleSocket } from "./support/console-socket.js";
import { createTestDatabase, type TestDatabase } from "./support/databases.js";
import { asVisitor, TEST_SECRET } from "./support/harness.js";
import { TableSocket } from "./support/table-socket.js";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const plain = { normId: null, methodIds: [], additions: [], parts: [] };

/** Two real server processes on their own ports, sharing one PostgreSQL database and Redis. */
describe("two server processes sharing PostgreSQL and Redis", () => {
  let database: TestDatabase;
  let first: RunningServer;
  let second: RunningServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // README's recipe: the same SECRET and SANDBOX_PAY_SECRETS everywhere, behind a proxy on this host
    env = {
      DATABASE_URL: database.url ?? "",
      SECRET: TEST_SECRET,
      SANDBOX_PAY_SECRETS: randomBytes(32).toString("hex"),
      TRUST_PROXY: "127.0.0.1",
      REDIS_URL,
      REDIS_CHANNEL_PREFIX: `test-${randomBytes(6).toString("hex")}:`,
    };
    // one migration runner: the first start migrates and seeds, the second (MIGRATE=false) only checks
    first = await startServer(env);
    second = await startServer({ ...env, MIGRATE: "false" });
    // two starts one after the other, each up to a minute on a loaded machine
  }, 180_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });

  it("shows tablemates on different processes the same cart", async () => {
    const link = new URL(first.links[0] ?? "");
    const q = link.searchParams;
    const socketUrl = (server: RunningServer, guid: string) =>
      `${server.url.replace("http", "ws")}${API.socket}?rid=${q.get("hotelid")}&tableId=${q.get("tn")}&sid=${q.get("sid")}&guid=${guid}`;
    const response = await fetch(`${first.url}${API.foodList}?restaurantId=${q.get("hotelid")}`);
    const { data: foods } = (await response.json()) as { data: Dish[] };
    const dish = foods.find(
      (d) =>
        d.foodproperty === 0 &&
        d.norms.length === 0 &&
        d.estimate === -1 &&
        !d.minCount &&
        d.availableStatus === 1,
    );
    if (!dish) throw new Error("no plain dish");

    const a = await TableSocket.open(socketUrl(first, "process-aaaa-0001"));
    const b = await TableSocket.open(socketUrl(second, "process-bbbb-0002"));
    const added = await a.op({ kind: "add", foodId: dish.id, choice: plain });
    expect(await b.untilVersion(added.version)).toMatchObject({ type: 1, foodId: dish.id, value: "1" });
    const cleared = await b.op({ kind: "clear" });
    expect(await a.untilVersion(cleared.version)).toMatchObject({ type: 14, clearCart: true });
    await b.untilVersion(cleared.version);
    expect(a.cart).toEqual(b.cart);
    a.close();
    b.close();
  });

  /**
   * The restaurant's owner as the first start printed them (`  <rid> <name>: <login> / <password>`),
   * signed in on `server`: the session cookie, good on every process (sessions live in the database).
   */
  async function ownerSession(server: RunningServer, rid: number): Promise<Record<string, string>> {
    const printed = new RegExp(`^ {2}${rid} .+: (\\S+) / (\\S+)\\s*$`, "m").exec(first.output());
    if (!printed) throw new Error(`no console sign-in printed for restaurant ${rid}`);
    const response = await fetch(`${server.url}${API.consoleSession}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: printed[1], password: printed[2] }),
    });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0] ?? "")
      .find((c) => c.startsWith("tm_staff="));
    if (!cookie) throw new Error(`sign-in: ${response.status}`);
    return { cookie };
  }

  it("brings a diner's submit on one process to a console socket on the other", async () => {
    const link = new URL(first.links[0] ?? "");
    const q = link.searchParams;
    const rid = Number(q.get("hotelid"));
    const tableId = Number(q.get("tn"));
    // the owner printed by the first start, signed in and listening on the second process
    const console = await ConsoleSocket.open(second.url, rid, await ownerSession(second, rid));
    const guid = "process-cccc-0003";
    const socket = await TableSocket.open(
      `${first.url.replace("http", "ws")}${API.socket}?rid=${rid}&tableId=${tableId}&sid=${q.get("sid")}&guid=${guid}`,
    );
    const tablemate = await TableSocket.open(
      `${second.url.replace("http", "ws")}${API.socket}?rid=${rid}&tableId=${tableId}&sid=${q.get("sid")}&guid=process-dddd-0004`,
    );
    const response = await fetch(`${first.url}${API.foodList}?restaurantId=${rid}`);
    const { data: foods } = (await response.json()) as { data: Dish[] };
    const dish = foods.find(
      (d) =>
        d.foodproperty === 0 &&
        d.norms.length === 0 &&
        d.estimate === -1 &&
        !d.minCount &&
        d.availableStatus === 1,
    );
    if (!dish) throw new Error("no plain dish");
    await socket.op({ kind: "add", foodId: dish.id, choice: plain });
    // the cart went from empty to not: the floor on the other process hears the table is ordering
    expect(await console.until((m) => m.type === "table")).toMatchObject({
      topic: "floor",
      tableId,
      change: "cart",
    });
    // the diner submits on the first process; the console on the second hears the order
    const visitor = { ...asVisitor(guid), "content-type": "application/json" };
    const idAnswer = await fetch(
      `${first.url}${API.cartId}?rid=${rid}&tableId=${tableId}&guid=${guid}&sid=${q.get("sid")}`,
      { headers: visitor },
    );
    const cart = ((await idAnswer.json()) as { data: { value: number; sign: string } }).data;
    const order = {
      submitId: randomBytes(8).toString("hex"),
      restaurantId: rid,
      realTableId: tableId,
      cartId: cart.value,
      cartIdSign: cart.sign,
      wholeMemo: { guid, memo: "" },
      orderUsers: [{ guid }],
      userId: guid,
      personNum: 2,
    };
    const submitted = await fetch(`${first.url}${API.orderSubmit}`, {
      method: "POST",
      headers: visitor,
      body: JSON.stringify({ data: JSON.stringify(order) }),
    });
    const { code, data } = (await submitted.json()) as { code: number; data: { orderId: number } };
    expect(code).toBe(1000);
    // a tablemate's phone on the second process hears the order (type 3)
    expect(await tablemate.until((m) => m.type === 3)).toMatchObject({ type: 3 });
    tablemate.close();
    expect(await console.until((m) => m.type === "orderPlaced")).toMatchObject({
      topic: "floor",
      tableId,
      orderId: data.orderId,
    });
    socket.close();
    console.close();
  });

  it("has one migration runner: the second process migrated nothing, and without the first it would not start", async () => {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const [row] = await database.database.session("snapshot", (query) =>
      query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations"),
    );
    expect(row?.n).toBe(journal.entries.length);
    const empty = await createTestDatabase("postgres", { migrated: false });
    try {
      await expect(startServer({ ...env, DATABASE_URL: empty.url ?? "", MIGRATE: "false" })).rejects.toThrow(
        /MIGRATE=false: the database has 0 of this version's \d+ migrations/,
      );
    } finally {
      await empty.drop();
    }
    // a third start, refused once the store answers: up to a minute on a loaded machine
  }, 90_000);

  it("prints each job exactly once with both processes' print queues running (one sender at a time)", async () => {
    const rid = Number(new URL(first.links[0] ?? "").searchParams.get("hotelid"));
    const fake = await startFakeEscposPrinter();
    try {
      const db = database.database.db;
      const [printer] = await db
        .insert(printers)
        .values({
          restaurantId: rid,
          name: "双进程",
          kind: "lan",
          settings: { host: fake.host, port: fake.port },
        })
        .returning({ id: printers.id });
      const markers = Array.from({ length: 60 }, () => randomUUID());
      await Promise.all(
        markers.map((marker) =>
          queuePage(db, {
            restaurantId: rid,
            printerId: printer?.id ?? 0,
            kind: "test",
            key: `two-processes/${marker}`,
            page: { title: "测试页", blocks: [{ type: "text", text: `票号 ${marker}` }] },
            now: new Date(),
          }),
        ),
      );
      const deadline = Date.now() + 60_000;
      for (;;) {
        const jobs = await db
          .select()
          .from(printJobs)
          .where(eq(printJobs.printerId, printer?.id ?? 0));
        if (jobs.length === markers.length && jobs.every((j) => j.state === "printed")) break;
        if (Date.now() > deadline)
          throw new Error(`not all printed: ${JSON.stringify(jobs.map((j) => j.state))}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const marker of markers) expect(fake.pages.filter((p) => p.text.includes(marker))).toHaveLength(1);
      expect(fake.pages).toHaveLength(markers.length);
    } finally {
      await fake.close();
    }
  });
});
