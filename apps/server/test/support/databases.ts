import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../../src/db/client.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** a dump of a migrated in-memory store (PGlite dumpDataDir), made by support/global-setup.ts */
    migratedStoreDump: string;
  }
}

/** The PostgreSQL server tests create their databases on (trust auth on this machine and in CI). */
const ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type Backend = "pglite" | "postgres";
export const BACKENDS: Backend[] = ["pglite", "postgres"];

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file: PGlite in memory, or a PostgreSQL database made for the run;
 * migrated unless `migrated: false` (an empty database, as a new installation's).
 */
export async function createTestDatabase(
  backend: Backend,
  { migrated = true, ...opts }: { lockTimeoutMs?: number; migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (backend === "pglite") {
    if (!migrated) {
      const database = await openDatabase({ dataDir: "memory://" });
      return { database, drop: () => database.close() };
    }
    // the run's migrated store (support/global-setup.ts); migrate() then finds nothing left to do
    const loadDataDir = new Blob([readFileSync(inject("migratedStoreDump"))]);
    const database = await openDatabase({ dataDir: "memory://", loadDataDir });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `tablemate_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: "", ...opts });
  if (migrated) await database.migrate();
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
