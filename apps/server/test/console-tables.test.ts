import { API, type ConsoleTable } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, Diner, demoRestaurants } from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";

describe.each(BACKENDS)("console tables on %s", (backend) => {
  let app: TestApp;
  let dine: DemoRestaurant;
  let other: DemoRestaurant;
  let owner: Record<string, string>;

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { SNOOZE_POLL_MS: "0" } });
    const find = await demoRestaurants(app);
    dine = find((r) => r.name === "川味小馆");
    other = find((r) => r.name === "江南食府");
    owner = await staffHeaders(app, dine.id, "owner");
  });
  afterAll(() => app.close());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, headers = owner) =>
    app.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const list = async () => json(await call("GET", API.consoleTables(dine.id))).data as ConsoleTable[];
  const audits = async (target: string) =>
    (await app.db.select().from(auditLog).where(eq(auditLog.target, target))).map((e) => e.action);

  it("creates, renames and retypes a table, each audited; its link is the signed one", async () => {
    const created = json(await call("POST", API.consoleTables(dine.id), { name: " 露台1 ", tableType: 1 }));
    expect(created.code).toBe(1000);
    const table = created.data as ConsoleTable;
    expect(table).toMatchObject({ name: "露台1", tableType: 1, busy: false });
    expect(table.link).toContain(`sid=${app.signer.tableToken(dine.id, table.id)}`);
    expect((await list()).map((t) => t.id)).toContain(table.id);
    const renamed = json(await call("PUT", API.consoleTable(dine.id, table.id), { name: "露台-一号" }));
    expect(renamed.data).toMatchObject({ id: table.id, name: "露台-一号", tableType: 1 });
    const retyped = json(await call("PUT", API.consoleTable(dine.id, table.id), { tableType: 6 }));
    expect(retyped.data).toMatchObject({ name: "露台-一号", tableType: 6 });
    expect(await audits(`table:${table.id}`)).toEqual(["table.create", "table.update", "table.update"]);
    const [entry] = (
      await app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `table:${table.id}`))
    ).slice(1);
    expect(entry).toMatchObject({ before: { name: "露台1" }, after: { name: "露台-一号" } });
  });

  it("refuses malformed tables (400) and another restaurant's table (404), changing nothing", async () => {
    const before = await app.db.select().from(tables);
    for (const payload of [{ name: "" }, { name: "x".repeat(21) }, { name: "A", tableType: 3 }, { name: 5 }])
      expect(
        (await call("POST", API.consoleTables(dine.id), payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    const [foreign] = await app.db.select().from(tables).where(eq(tables.restaurantId, other.id));
    if (!foreign) throw new Error("no table");
    expect((await call("PUT", API.consoleTable(dine.id, foreign.id), { name: "偷改" })).statusCode).toBe(404);
    expect((await call("DELETE", API.consoleTable(dine.id, foreign.id))).statusCode).toBe(404);
    expect((await call("PUT", API.consoleTable(dine.id, foreign.id), {})).statusCode).toBe(400);
    // this restaurant's credential on the other's path: 403
    expect((await call("PUT", API.consoleTable(other.id, foreign.id), { name: "偷改" })).statusCode).toBe(
      403,
    );
    expect(await app.db.select().from(tables)).toEqual(before);
  });

  it("deletes a free table (its link then seats nobody) and refuses a busy one (409)", async () => {
    const free = json(await call("POST", API.consoleTables(dine.id), { name: "临时桌" }))
      .data as ConsoleTable;
    const busy = json(await call("POST", API.consoleTables(dine.id), { name: "有人桌" }))
      .data as ConsoleTable;
    const sid = (id: number) => app.signer.tableToken(dine.id, id);
    await new Diner(app, "tables-0001-guest", {
      restaurantId: dine.id,
      tableId: busy.id,
      sid: sid(busy.id),
    }).sit();
    expect((await list()).find((t) => t.id === busy.id)?.busy).toBe(true);
    const refused = await call("DELETE", API.consoleTable(dine.id, busy.id));
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe(4183);
    expect(json(await call("DELETE", API.consoleTable(dine.id, free.id))).data).toEqual({ tableId: free.id });
    expect((await list()).map((t) => t.id)).not.toContain(free.id);
    // a second delete finds nothing; the diner's table list and a scan of its link no longer have it
    expect((await call("DELETE", API.consoleTable(dine.id, free.id))).statusCode).toBe(404);
    const join = await app.server.inject({
      method: "POST",
      url: `${API.tableJoin}?rid=${dine.id}`,
      headers: { token: "" },
      payload: {
        accessType: "realTable",
        guid: "tables-0002-guest",
        restaurantId: dine.id,
        tableId: free.id,
        sid: sid(free.id),
      },
    });
    expect(json(join).code).not.toBe(1000);
    expect(await audits(`table:${free.id}`)).toEqual(["table.create", "table.delete"]);
  });

  it("prints an A4 sheet of QR codes: the chosen tables, named, with the restaurant's name", async () => {
    const all = await list();
    const chosen = all.slice(0, 2);
    const [foreign] = await app.db.select().from(tables).where(eq(tables.restaurantId, other.id));
    const ids = [...chosen.map((t) => t.id), foreign?.id ?? 0].join(",");
    const sheet = await call("GET", `${API.consoleQrSheet(dine.id)}?ids=${ids}`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers["content-type"]).toContain("text/html");
    const html = sheet.body;
    expect(html).toContain("@page { size: A4");
    expect(html.match(/<svg/g)?.length).toBe(2);
    for (const t of chosen) expect(html).toContain(`<strong>${t.name}</strong>`);
    expect(html).toContain(dine.name);
    expect(html).not.toContain(foreign?.name ?? "never");
    // every table: one card each, 12 to a page
    const everything = (await call("GET", API.consoleQrSheet(dine.id))).body;
    expect(everything.match(/<svg/g)?.length).toBe(all.length);
    expect(everything.match(/class="page"/g)?.length).toBe(Math.ceil(all.length / 12));
    expect((await call("GET", `${API.consoleQrSheet(dine.id)}?ids=1;drop`)).statusCode).toBe(400);
    expect((await app.server.inject({ method: "GET", url: API.consoleQrSheet(dine.id) })).statusCode).toBe(
      401,
    );
  });

  it("a role without tables.write gets 403 and nothing changes", async () => {
    const waiter = await staffHeaders(app, dine.id, "waiter");
    const before = await app.db.select().from(tables);
    expect((await call("POST", API.consoleTables(dine.id), { name: "服务员加的" }, waiter)).statusCode).toBe(
      403,
    );
    expect((await call("GET", API.consoleQrSheet(dine.id), undefined, waiter)).statusCode).toBe(403);
    expect(await app.db.select().from(tables)).toEqual(before);
  });
});
