import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { API, consoleHealthSchema, type PayStart, type StaffRole } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printers } from "../src/db/schema.js";
import { backupIntoDataDir } from "../src/db/store/backup.js";
import { RECONCILE_LAG_MS } from "../src/modules/health/readiness.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { Diner, menuOf, plainDish, tablesOfTheirOwn } from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";

/** /readyz: every check with its detail; 503 naming what fails. */
describe.each(BACKENDS)("readiness (%s)", (backend) => {
  let app: TestApp;
  let shiftMs = 0;
  const dataDir = mkdtempSync(join(tmpdir(), "tablemate-readyz-"));
  beforeAll(async () => {
    app = await startTestApp(backend, {
      now: () => new Date(Date.now() + shiftMs),
      // the job never runs by itself here: its lag is what is checked
      env: { DATA_DIR: dataDir, PAY_RECONCILE_MS: "0" },
    });
  }, 120_000);
  afterAll(() => app?.close());

  const readyz = async () => {
    const answer = await app.server.inject({ method: "GET", url: "/readyz" });
    return {
      status: answer.statusCode,
      body: answer.json() as {
        status: string;
        failing: string[];
        checks: Record<string, { ok: boolean; detail: string }>;
      },
    };
  };

  it("asks the embedded store for a recent backup and room for more; PostgreSQL's are the installation's", async () => {
    const first = await readyz();
    expect(first.body.checks.store).toEqual({ ok: true, detail: backend });
    if (backend === "postgres") {
      expect(first.status).toBe(200);
      expect(first.body.checks.backups).toBeUndefined();
      return;
    }
    expect(first.status).toBe(503);
    expect(first.body.failing).toEqual(["backups"]);
    expect(first.body.checks.backups?.detail).toContain("npm run backup");
    await backupIntoDataDir(app.database, dataDir, 10);
    const after = await readyz();
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ status: "ready", failing: [] });
    expect(after.body.checks.disk?.ok).toBe(true);
    // the liveness answer stays what it was
    expect((await app.server.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it("fails reconciliation when a pending payment has gone unchecked too long", async () => {
    const [prepay] = (await app.db.query.restaurants.findMany()).filter(
      (r) => r.wctPayType === 1 && !r.fastHotel,
    );
    if (!prepay) throw new Error("no prepayment restaurant in the demo");
    const seat = await tablesOfTheirOwn(app, prepay.id, 1, "就绪");
    const diner = await new Diner(app, `guid-${randomUUID()}`, seat()).sit();
    await diner.add(plainDish(await menuOf(app, prepay.id)).id);
    const { orderId } = json(await diner.submit()).data as { orderId: number };
    expect((json(await diner.prepay(orderId)).data as PayStart).tradeNo).toBeTruthy();
    const before = (await readyz()).body;
    expect(before.checks.reconciliation?.ok).toBe(true);
    shiftMs = RECONCILE_LAG_MS + 60_000;
    try {
      const late = await readyz();
      expect(late.status).toBe(503);
      expect(late.body.failing).toContain("reconciliation");
      expect(late.body.checks.reconciliation?.detail).toMatch(/^1 pending payment\(s\) not checked/);
    } finally {
      shiftMs = 0;
    }
  });

  it("fails printers for one out of paper, and shows owners and managers their own restaurant's failing checks", async () => {
    const [mine, other] = await app.db.query.restaurants.findMany();
    if (!mine || !other) throw new Error("two demo restaurants needed");
    const [printer] = await app.db
      .insert(printers)
      .values({ restaurantId: other.id, name: "就绪检查", kind: "browser", state: "paperOut" })
      .returning({ id: printers.id });
    try {
      const answer = await readyz();
      expect(answer.status).toBe(503);
      expect(answer.body.checks.printers?.detail).toMatch(/^1 printer\(s\) offline, out of paper/);
      const health = async (rid: number, role: StaffRole) =>
        app.server.inject({
          method: "GET",
          url: API.consoleHealth(rid),
          headers: await staffHeaders(app, rid, role),
        });
      // the other restaurant's manager sees its printer; this one's owner does not
      const theirs = consoleHealthSchema.parse(json(await health(other.id, "manager")).data);
      expect(theirs.failing.map((f) => f.check)).toContain("printers");
      const ours = consoleHealthSchema.parse(json(await health(mine.id, "owner")).data);
      expect(ours.failing.map((f) => f.check)).not.toContain("printers");
      // a cashier, a waiter or a stranger is refused
      expect((await health(other.id, "cashier")).statusCode).toBe(403);
      expect((await health(other.id, "waiter")).statusCode).toBe(403);
      expect((await app.server.inject({ method: "GET", url: API.consoleHealth(other.id) })).statusCode).toBe(
        401,
      );
    } finally {
      await app.db.delete(printers).where(eq(printers.id, printer?.id ?? 0));
    }
  });
});
