import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { auditLog, staffAccounts, staffMemberships } from "../src/db/schema.js";
import { verifySecret } from "../src/modules/staff/secrets.js";

const run = promisify(execFile);
const ROOT = new URL("../../..", import.meta.url).pathname;

/** `npm run owner`: an owner account for a real installation, from the command line. */
describe("npm run owner", () => {
  it("creates an owner of several restaurants with a printed password and PIN; a taken login is refused", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tablemate-owner-"));
    const env = { ...process.env, DATA_DIR: dataDir, PASSWORD_COST: "14" };
    const owner = (login: string, extra: Record<string, string> = {}) =>
      run(
        process.execPath,
        ["--import", "tsx", "apps/server/src/cli/owner.ts", "--login", login, "--name", "王老板"].concat([
          "--restaurant",
          "1",
          "--restaurant",
          "2",
        ]),
        { cwd: ROOT, env: { ...env, ...extra } },
      );
    const { stdout, stderr } = await owner("Boss");
    // the first run on fresh data seeded the demo: its owners' sign-ins, once
    expect(stderr).toContain("Console sign-in (shown once):");
    const password = /^ {2}password: (\S+)$/m.exec(stdout)?.[1] ?? "";
    const pin = /^ {2}PIN: +(\d{6})$/m.exec(stdout)?.[1] ?? "";
    expect(stdout).toContain("login:    Boss");
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);

    const refused = await owner("boss", { OWNER_PASSWORD: "long-enough-1" }).then(
      () => null,
      (error: { stderr: string; code: number }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain("the login boss is taken");
    const short = await owner("another", { OWNER_PASSWORD: "short" }).then(
      () => null,
      (error: { stderr: string }) => error.stderr,
    );
    expect(short).toContain("OWNER_PASSWORD");

    const database = await openDatabase({ dataDir: join(dataDir, "pglite") });
    try {
      const [account] = await database.db
        .select()
        .from(staffAccounts)
        .where(sql`lower(${staffAccounts.login}) = 'boss'`);
      expect(account?.name).toBe("王老板");
      expect(await verifySecret(password, account?.passwordHash ?? "")).toBe(true);
      expect(await verifySecret(pin, account?.pinHash ?? "")).toBe(true);
      const memberships = await database.db
        .select()
        .from(staffMemberships)
        .where(eq(staffMemberships.accountId, account?.id ?? 0));
      expect(memberships.map((m) => [m.restaurantId, m.role]).sort()).toEqual([
        [1, "owner"],
        [2, "owner"],
      ]);
      const audited = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `staff:${account?.id}`));
      expect(audited.map((e) => [e.restaurantId, e.action, e.actor])).toEqual([
        [1, "staff.create", "system"],
        [2, "staff.create", "system"],
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
