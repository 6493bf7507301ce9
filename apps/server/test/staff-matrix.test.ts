import { randomBytes } from "node:crypto";
import {
  API_KEY_PREFIX,
  type Dish,
  roleCan,
  STAFF_RESTAURANT_PREFIX,
  STAFF_ROLES,
  type StaffRole,
} from "@tablemate/core";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, auditLog, tables } from "../src/db/schema.js";
import { addMembership, hashAccountSecrets, insertAccount } from "../src/modules/staff/accounts.js";
import { tokenHash } from "../src/modules/staff/secrets.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { MATRIX_ROWS, type MatrixContext, type MatrixRow } from "./support/matrix/index.js";
import { Diner, demoRestaurants, menuOf, PLAIN, plainDish } from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";

const rowName = (row: MatrixRow) => `${row.method} ${row.route}${row.variant ? ` (${row.variant})` : ""}`;

/**
 * The role × route matrix (issue 17): every staff route under /console/api/v1/restaurants/, for
 * every role, is either allowed (whatever it answers, never 401 or 403) or refused with 403 and
 * nothing changed. Complete by construction: a registered route without a row fails the run.
 */
describe.each(BACKENDS)("the staff role × route matrix on %s", (backend) => {
  let app: TestApp;
  let ctx: MatrixContext;
  let menu: Dish[];
  const free: number[] = [];
  let n = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const find = await demoRestaurants(app);
    const rid = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0).id;
    const added = await app.db
      .insert(tables)
      .values(Array.from({ length: 200 }, (_, i) => ({ restaurantId: rid, name: `矩${i + 1}` })))
      .returning({ id: tables.id });
    free.push(...added.map((t) => t.id));
    menu = await menuOf(app, rid);
    const freeTable = () => {
      const id = free.shift();
      if (!id) throw new Error("out of tables");
      return id;
    };
    const seat = async () => {
      const tableId = freeTable();
      const table = { restaurantId: rid, tableId, sid: app.signer.tableToken(rid, tableId) };
      return new Diner(app, `matrix-${backend}-${++n}-${randomBytes(3).toString("hex")}`, table).sit();
    };
    ctx = {
      app,
      db: app.db,
      rid,
      freeTable,
      seatedTable: async () => ({ tableId: (await seat()).table.tableId }),
      placedOrder: async () => {
        const diner = await seat();
        await diner.add(plainDish(menu).id, PLAIN);
        const answer = json(await diner.submit());
        if (answer.code !== 1000) throw new Error(`submit: ${JSON.stringify(answer)}`);
        return { orderId: (answer.data as { orderId: number }).orderId, tableId: diner.table.tableId };
      },
      staffMember: async (role = "waiter") => {
        const i = ++n;
        const member = {
          login: `matrix${i}`,
          name: `矩阵员工${i}`,
          password: `password-${i}`,
          pin: `${600000 + i}`,
        };
        const hashes = await hashAccountSecrets(member, 10);
        return app.db.transaction(async (tx) => {
          const account = await insertAccount(tx, member, hashes, new Date());
          await addMembership(tx, account.id, rid, role);
          return { accountId: account.id };
        });
      },
      apiKey: async () => {
        const secret = `${API_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
        const [row] = await app.db
          .insert(apiKeys)
          .values({
            restaurantId: rid,
            name: `矩阵键${++n}`,
            role: "waiter",
            prefix: secret.slice(0, 12),
            keyHash: tokenHash(secret),
          })
          .returning({ id: apiKeys.id });
        return { keyId: row?.id ?? 0 };
      },
      unique: () => ++n,
    };
  });
  afterAll(() => app.close());

  it("has a row for every staff route, and every row names a route that exists", () => {
    const registered = new Set(
      app.routes
        .filter((r) => r.url.startsWith(STAFF_RESTAURANT_PREFIX) && r.method !== "HEAD")
        .map((r) => `${r.method} ${r.url}`),
    );
    const rows = new Set(MATRIX_ROWS.map((r) => `${r.method} ${r.route}`));
    expect(
      [...registered].filter((route) => !rows.has(route)),
      "routes without a row",
    ).toEqual([]);
    expect(
      [...rows].filter((route) => !registered.has(route)),
      "rows without a route",
    ).toEqual([]);
    expect(registered.size).toBeGreaterThanOrEqual(12);
  });

  const auditEntries = async () => (await app.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

  describe.each(MATRIX_ROWS.map((row) => [rowName(row), row] as const))("%s", (_name, row) => {
    it.each(STAFF_ROLES.map((role) => [role]))("as %s", async (role: StaffRole) => {
      const headers = await staffHeaders(app, ctx.rid, role);
      const { url, payload, headers: own } = await row.request(ctx);
      const before = await row.snapshot(ctx);
      const entriesBefore = await auditEntries();
      const answer = await app.server.inject({
        method: row.method,
        url,
        headers: { ...own, ...headers },
        payload,
      });
      if (roleCan(role, row.permission)) {
        expect([401, 403], `${role} may ${row.permission}: ${answer.body}`).not.toContain(answer.statusCode);
        expect(answer.statusCode, answer.body).toBeLessThan(300);
        const audits = row.audits ?? row.method !== "GET";
        if (audits) expect(await auditEntries()).toBe(entriesBefore + 1);
        else if (row.method === "GET") expect(await auditEntries()).toBe(entriesBefore);
      } else {
        expect(answer.statusCode, answer.body).toBe(403);
        expect(json(answer)).toMatchObject({ code: 403, success: false, message: "没有权限" });
        expect(await row.snapshot(ctx)).toEqual(before);
        expect(await auditEntries()).toBe(entriesBefore);
      }
    });
  });
});
