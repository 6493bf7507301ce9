import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.js";

export type Schema = typeof schema;
/** The same Drizzle API over embedded PGlite or a PostgreSQL pool. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = new URL("../../drizzle", import.meta.url).pathname;

/**
 * PostgreSQL when a URL is given, else embedded PGlite in dataDir ("memory://" keeps it in memory).
 * On PostgreSQL no statement waits for a row lock longer than `lockTimeoutMs` (error 55P03); PGlite
 * has one connection, so nothing there ever waits on another's lock.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  lockTimeoutMs?: number;
}): Promise<Database> {
  if (opts.url) {
    const url = opts.url;
    // Connections are kept, idle or not (idleTimeoutMillis 0), with the statements prepared on them: a
    // rush after a quiet spell does not first wait for new connections and their first-use plans, and
    // no query's release arms an idle timer.
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      idleTimeoutMillis: 0,
      lock_timeout: opts.lockTimeoutMs,
    });
    // An idle connection the server drops (restart, failover, a dropped test database) is replaced on
    // the next query; unheard, node-postgres would throw it out of the process.
    pool.on("error", (error) => console.warn(`postgres: idle connection lost (${error.message})`));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "postgres",
      // migrations wait for their locks as long as they must: on a connection of their own
      migrate: async () => {
        const migrator = new pg.Pool({ connectionString: url, max: 1 });
        try {
          await migratePg(drizzlePg(migrator), { migrationsFolder });
        } finally {
          await migrator.end();
        }
      },
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }
  if (!opts.dataDir.startsWith("memory://")) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
