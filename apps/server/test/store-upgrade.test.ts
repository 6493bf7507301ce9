import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGlite as PGlite17 } from "pglite-pg17";
import { describe, expect, it } from "vitest";
import { openStore } from "../src/boot.js";
import { loadConfig } from "../src/config.js";
import { migrationsFolder, type PgliteClient, pgliteSession } from "../src/db/client.js";
import { seedDemo } from "../src/db/demo/seed.js";
import { examine } from "../src/db/store/doctor.js";
import { storeFolder } from "../src/db/store/swap.js";
import { storeMajor } from "../src/db/store/upgrade.js";
import { everyTable, sequencesBehind } from "./support/store.js";

/** A data folder as the previous engine (PGlite 0.3, PostgreSQL 17) leaves it: migrated, the demo seeded. */
async function previousEngineFolder(): Promise<{ dataDir: string; content: Record<string, string[]> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "tablemate-upgrade-"));
  const previous = await PGlite17.create(storeFolder(dataDir));
  const db = drizzle(previous as never);
  await migrate(db, { migrationsFolder });
  await seedDemo(db as never, new Date(), { passwordCost: 10 });
  const content = await pgliteSession(previous as PgliteClient)("snapshot", everyTable);
  await previous.close();
  return { dataDir, content };
}

describe("a folder made by the previous engine (PostgreSQL 17)", () => {
  it("is upgraded by the first start: every row kept, the backup and the old folder kept aside; the next start opens it as it is", async () => {
    const { dataDir, content } = await previousEngineFolder();
    expect(storeMajor(storeFolder(dataDir))).toBe(17);
    const config = loadConfig({ DATA_DIR: dataDir });
    const doctor = await examine(config);
    expect(doctor.map((f) => f.text).join("\n")).toContain("the next start upgrades it to PostgreSQL 18");

    const first = await openStore(config, { command: "test" });
    try {
      expect(await first.database.session("snapshot", everyTable)).toEqual(content);
      expect(await first.database.session("snapshot", sequencesBehind)).toEqual([]);
    } finally {
      await first.database.close();
    }
    expect(storeMajor(storeFolder(dataDir))).toBe(18);
    const aside = readdirSync(dataDir).filter((name) => name.startsWith("pglite.postgresql-17-"));
    expect(aside).toHaveLength(1);
    expect(storeMajor(join(dataDir, aside[0] ?? ""))).toBe(17);
    const backups = readdirSync(join(dataDir, "backups"));
    expect(backups.filter((name) => name.startsWith("before-postgresql-18-"))).toHaveLength(1);
    expect(existsSync(`${storeFolder(dataDir)}.restoring`)).toBe(false);

    const again = await openStore(config, { command: "test" });
    try {
      expect(await again.database.session("snapshot", everyTable)).toEqual(content);
    } finally {
      await again.database.close();
    }
    expect(readdirSync(dataDir).filter((name) => name.startsWith("pglite."))).toEqual(aside);
  }, 300_000);
});
