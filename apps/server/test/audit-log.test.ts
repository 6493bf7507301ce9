import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, restaurants } from "../src/db/schema.js";
import { recordAudit } from "../src/modules/staff/audit.js";
import { BACKENDS, createTestDatabase, type TestDatabase } from "./support/databases.js";

describe.each(BACKENDS)("the audit log on %s", (backend) => {
  let test: TestDatabase;
  let restaurantId: number;

  beforeAll(async () => {
    test = await createTestDatabase(backend);
    const [row] = await test.database.db.insert(restaurants).values({ name: "审计小馆" }).returning();
    restaurantId = row?.id ?? 0;
  });
  afterAll(() => test.drop());

  it("records who, the approver, what and the target before and after", async () => {
    const { db } = test.database;
    await recordAudit(db, {
      restaurantId,
      by: { actor: "staff:2", name: "小王" },
      approver: { actor: "staff:1", name: "李经理" },
      action: "order.cancel",
      target: "order:9",
      before: { status: 3 },
      after: { status: 4, reason: "客人不要了" },
    });
    const [entry] = await db.select().from(auditLog);
    expect(entry).toMatchObject({
      restaurantId,
      actor: "staff:2",
      actorName: "小王",
      approver: "staff:1",
      approverName: "李经理",
      action: "order.cancel",
      target: "order:9",
      before: { status: 3 },
      after: { status: 4, reason: "客人不要了" },
    });
    expect(entry?.at).toBeInstanceOf(Date);
  });

  it("refuses to change or remove an entry", async () => {
    const { db } = test.database;
    // drizzle wraps the database's refusal: its cause carries the trigger's words
    const refusal = (attempt: Promise<unknown>) =>
      attempt.then(
        () => "written",
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(db.update(auditLog).set({ actorName: "别人" }))).toMatch(/append-only/);
    expect(await refusal(db.delete(auditLog))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`update audit_log set action = 'x'`))).toMatch(/append-only/);
    const rows = await db.select().from(auditLog);
    expect(rows.map((r) => r.actorName)).toEqual(["小王"]);
  });
});
