import { API, type Dish, type OpVerdict } from "@tablemate/core";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { cartLines } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import {
  type DemoTable,
  demoTable,
  json,
  socketAt,
  socketBase,
  startTestApp,
  type TestApp,
} from "./support/harness.js";
import { TableSocket } from "./support/table-socket.js";

const plain = { normId: null, methodIds: [], additions: [], parts: [] };

describe.each(BACKENDS)("the shared cart over real sockets on %s", (backend) => {
  let app: TestApp;
  let table: DemoTable;
  let foods: Dish[];
  let url: (guid: string, t?: DemoTable) => string;

  beforeAll(async () => {
    app = await startTestApp(backend);
    table = await demoTable(app, (r) => r.linkMode === "dine" && !r.fastHotel);
    foods = json(
      await app.server.inject({ method: "GET", url: `${API.foodList}?restaurantId=${table.restaurantId}` }),
    ).data as Dish[];
    const base = await socketBase(app);
    url = (guid, t = table) => socketAt(base, t, guid);
  });
  afterAll(() => app.close());

  const plainDish = () => {
    const dish = foods.find(
      (d) =>
        d.foodproperty === 0 &&
        d.norms.length === 0 &&
        d.estimate === -1 &&
        !d.minCount &&
        d.availableStatus === 1 &&
        !d.Weigh,
    );
    if (!dish) throw new Error("no plain dish in the demo");
    return dish;
  };

  it("shows each diner's change to the other, versioned, with the spec's type 1 fields", async () => {
    const [a, b] = await Promise.all([
      TableSocket.open(url("diner-aaaa-0001")),
      TableSocket.open(url("diner-bbbb-0002")),
    ]);
    const dish = plainDish();
    const verdict = await a.op({ kind: "add", foodId: dish.id, choice: plain });
    expect(verdict).toMatchObject({ ok: true });
    const seen = await b.untilVersion(verdict.version);
    expect(seen).toMatchObject({
      type: 1,
      code: 1000,
      value: "1",
      inc: "1",
      foodId: dish.id,
      accessType: "realTable",
    });
    expect(b.cart?.lines.find((l) => l.foodId === dish.id)?.count).toBe("1");

    const minus = await b.op({ kind: "minus", detailId: `${dish.id}__` });
    await a.untilVersion(minus.version);
    expect(a.cart?.lines.some((l) => l.foodId === dish.id)).toBe(false);
    a.close();
    b.close();
  });

  it("refuses an operation with the reason to its sender only, and changes nothing", async () => {
    const [a, b] = await Promise.all([
      TableSocket.open(url("diner-aaaa-0001")),
      TableSocket.open(url("diner-bbbb-0002")),
    ]);
    const soldOut = foods.find((d) => d.estimate === 0);
    if (!soldOut) throw new Error("no sold-out dish in the demo");
    const before = a.cart?.version ?? 0;
    const verdict = await a.op({ kind: "add", foodId: soldOut.id, choice: plain });
    expect(verdict).toMatchObject({ ok: false, version: before, message: `${soldOut.name}已售罄` });
    const tooMany = await a.op({ kind: "set", detailId: "999999__", count: "1" });
    expect(tooMany.ok).toBe(false);
    expect(b.broadcasts().filter((m) => m.version > before)).toEqual([]);
    a.close();
    b.close();
  });

  it("applies a resent operation id once", async () => {
    const a = await TableSocket.open(url("diner-aaaa-0001"));
    const dish = plainDish();
    const first = await a.op({ kind: "add", foodId: dish.id, choice: plain }, "resent-op-0001");
    const again = await a.op({ kind: "add", foodId: dish.id, choice: plain }, "resent-op-0001");
    expect(again).toEqual(first);
    const [row] = await app.db.select().from(cartLines).where(eq(cartLines.foodId, dish.id));
    expect(Number(row?.count)).toBe(1);
    await a.op({ kind: "clear" });
    a.close();
  });

  it("refuses at once, to the sender alone, what a flooding socket sends past its bound; applies the rest", async () => {
    const [a, b] = await Promise.all([
      TableSocket.open(url("diner-flood-0001")),
      TableSocket.open(url("diner-flood-0002")),
    ]);
    const dish = plainDish();
    const add = { kind: "add", foodId: dish.id, choice: plain } as const;
    const start = a.cart?.version ?? 0;
    const ids = Array.from({ length: 60 }, (_, i) => `flood-op-${String(i).padStart(4, "0")}`);
    for (const opId of ids) a.socket.send(JSON.stringify({ type: "op", opId, op: add }));
    const verdicts = await Promise.all(
      ids.map((opId) => a.until((m): m is OpVerdict => m.type === "result" && m.opId === opId)),
    );
    const busy = verdicts.filter((v) => !v.ok);
    expect(busy.length).toBeGreaterThan(0);
    for (const v of busy) expect(v).toMatchObject({ version: -1, message: "服务器繁忙，请稍后再试" });
    const applied = verdicts.length - busy.length;
    await b.untilVersion(start + applied);
    expect(b.cart?.lines.find((l) => l.foodId === dish.id)?.count).toBe(String(applied));
    expect(b.broadcasts().filter((m) => m.version > start + applied)).toEqual([]);
    expect(b.messages.filter((m) => m.type === "result")).toEqual([]);
    // a refusal for overload is not the operation's verdict: sent again, it is applied
    expect(await b.op(add, busy[0]?.opId)).toMatchObject({ ok: true, version: start + applied + 1 });
    await a.op({ kind: "clear" });
    a.close();
    b.close();
  });

  it("loses no update when tablemates add at the same moment", async () => {
    const diners = await Promise.all([1, 2, 3, 4].map((i) => TableSocket.open(url(`diner-race-000${i}`))));
    const dish = plainDish();
    const start = diners[0]?.cart?.version ?? 0;
    const verdicts = await Promise.all(
      diners.flatMap((d) => [1, 2, 3, 4, 5].map(() => d.op({ kind: "add", foodId: dish.id, choice: plain }))),
    );
    expect(verdicts.every((v) => v.ok)).toBe(true);
    expect(new Set(verdicts.map((v) => v.version)).size).toBe(20);
    for (const d of diners) await d.untilVersion(start + 20);
    for (const d of diners) expect(d.cart?.lines.find((l) => l.foodId === dish.id)?.count).toBe("20");
    await diners[0]?.op({ kind: "clear" });
    for (const d of diners) d.close();
  });

  it("keeps notes to 32 characters, refuses them on combos, and broadcasts type 11", async () => {
    const [a, b] = await Promise.all([
      TableSocket.open(url("diner-aaaa-0001")),
      TableSocket.open(url("diner-bbbb-0002")),
    ]);
    const dish = plainDish();
    await a.op({ kind: "add", foodId: dish.id, choice: plain });
    const long = await a.op({ kind: "note", detailId: `${dish.id}__`, memo: "辣".repeat(33) });
    expect(long).toMatchObject({ ok: false, message: "备注不能超过32个字符" });
    const noted = await a.op({ kind: "note", detailId: `${dish.id}__`, memo: "少辣🌶️" });
    expect(await b.untilVersion(noted.version)).toMatchObject({ type: 11 });
    expect(b.cart?.lines[0]?.memo).toBe("少辣");
    const combo = foods.find((d) => d.foodproperty === 1 && d.availableStatus === 1 && d.estimate !== 0);
    if (combo) {
      await a.op({ kind: "add", foodId: combo.id, choice: plain });
      expect(await a.op({ kind: "note", detailId: `${combo.id}__`, memo: "少辣" })).toMatchObject({
        ok: false,
      });
    }
    const cleared = await b.op({ kind: "clear" });
    expect(await a.untilVersion(cleared.version)).toMatchObject({
      type: 14,
      clearCart: true,
      actor: { guid: "diner-bbbb-0002" },
    });
    a.close();
    b.close();
  });

  it("adds must-order dishes for the diners when the count is set, and says type 30", async () => {
    const a = await TableSocket.open(url("diner-aaaa-0001"));
    const verdict = await a.op({ kind: "personNum", personNum: 3 });
    const message = await a.untilVersion(verdict.version);
    expect(message).toMatchObject({ type: 30, personNum: 3 });
    const musts = foods.filter((d) => d.necessary && !d.season && d.estimate !== 0);
    expect(musts.length).toBeGreaterThan(0);
    for (const must of musts) {
      const expected =
        must.mustFoodType === 1 ? 3 * must.mustFoodNum : must.mustFoodType === 2 ? must.mustFoodNum : 3;
      expect(a.cart?.lines.find((l) => l.foodId === must.id)?.count).toBe(String(expected));
    }
    await a.op({ kind: "clear" });
    a.close();
  });

  it("never lets a socket reach another table's cart", async () => {
    const other = await demoTable(app, (r) => r.id !== table.restaurantId && r.linkMode === "dine");
    const forged = url("diner-aaaa-0001", { ...other, sid: table.sid });
    const closed = await new Promise<number>((resolve) => {
      new WebSocket(forged).on("close", (code) => resolve(code));
    });
    expect(closed).toBe(1008);
    const mine = await TableSocket.open(url("diner-aaaa-0001"));
    const theirs = await TableSocket.open(url("diner-cccc-0003", other));
    const dish = plainDish();
    await mine.op({ kind: "add", foodId: dish.id, choice: plain });
    expect(theirs.broadcasts()).toEqual([]);
    expect(theirs.cart?.lines).toEqual([]);
    await mine.op({ kind: "clear" });
    mine.close();
    theirs.close();
    expect((await app.db.select({ n: count() }).from(cartLines))[0]?.n).toBe(0);
  });
});
