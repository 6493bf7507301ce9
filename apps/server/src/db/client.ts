import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { pooledTransaction } from "./pooled-transaction.js";
import * as schema from "./schema.js";

export type Schema = typeof schema;
/** The same Drizzle API over embedded PGlite or a PostgreSQL pool. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: both have the same query API. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

/** A plain SQL statement on one session's connection, answering its rows. */
export type RawQuery = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** migrates to the latest schema, or with `folder` to the migrations listed in that folder's journal */
  migrate(folder?: string): Promise<void>;
  ping(): Promise<void>;
  /**
   * Runs `work` in one transaction on one connection: "snapshot" is repeatable read and read only (one
   * consistent view of every table, while other connections go on writing), "write" read committed.
   */
  session<T>(mode: "snapshot" | "write", work: (query: RawQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * The embedded store only: writes its changes into the data files so the write-ahead log before it
   * can go. PGlite runs no checkpointer of its own (PostgreSQL's does this every 5 minutes): without
   * one the log grows to max_wal_size (1 GB) and a crash's restart replays all of it.
   */
  checkpoint?: () => Promise<void>;
}

/** What opening the embedded store in `dataDir` threw (the engine could not read the folder). */
export class StoreOpenError extends Error {
  constructor(
    readonly dataDir: string,
    readonly reason: unknown,
  ) {
    super(`the embedded store in ${dataDir} could not be opened: ${String(reason)}`);
  }
}

const BEGIN = {
  snapshot: "begin isolation level repeatable read, read only",
  write: "begin",
} as const;

/**
 * What the sessions need of a PGlite client: the installed engine's, or the previous engine's that
 * reads a folder of the PostgreSQL major before (store/upgrade.ts).
 */
export interface PgliteClient {
  transaction<T>(
    work: (tx: { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> }) => Promise<T>,
  ): Promise<T>;
}

/** Database.session on PGlite: it has one connection, so a transaction holds it and others' statements wait for the end. */
export function pgliteSession(client: PgliteClient): Database["session"] {
  return (mode, work) =>
    client.transaction(async (tx) => {
      if (mode === "snapshot") await tx.query("set transaction isolation level repeatable read, read only");
      return work(async (text, params) => (await tx.query(text, params)).rows as never);
    });
}

export const migrationsFolder = new URL("../../drizzle", import.meta.url).pathname;

/**
 * PostgreSQL when a URL is given, else embedded PGlite in dataDir ("memory://" keeps it in memory).
 * On PostgreSQL no statement waits for a row lock longer than `lockTimeoutMs` (error 55P03); PGlite
 * has one connection, so nothing there ever waits on another's lock.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  lockTimeoutMs?: number;
  /** PGlite only: the store starts as this dump (PGlite dumpDataDir) instead of an empty one */
  loadDataDir?: Blob;
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
    // The server may cut any connection (restart, failover, a dropped test database), idle or held
    // between two statements of a transaction. node-postgres reports that as an "error" event that,
    // unheard, throws out of the process: heard on every connection, the holder's next statement fails
    // instead, and the pool drops the connection and opens a new one on the next query.
    pool.on("connect", (connection) =>
      connection.on("error", (error) => console.warn(`postgres: connection lost (${error.message})`)),
    );
    // the pool repeats an idle connection's error, already told above
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "postgres",
      // migrations wait for their locks as long as they must: on a connection of their own
      migrate: async (folder = migrationsFolder) => {
        const migrator = new pg.Pool({ connectionString: url, max: 1 });
        try {
          await migratePg(drizzlePg(migrator), { migrationsFolder: folder });
        } finally {
          await migrator.end();
        }
      },
      ping: async () => {
        await pool.query("select 1");
      },
      session: (mode, work) =>
        pooledTransaction(pool, BEGIN[mode], (client) =>
          work(async (text, params) => (await client.query(text, params)).rows),
        ),
      close: () => pool.end(),
    };
  }
  if (!opts.dataDir.startsWith("memory://")) mkdirSync(opts.dataDir, { recursive: true });
  // the engine writes its postmaster.pid before it finds a folder damaged: put back as it was, the
  // folder a failed open leaves is the folder it found
  const pidFile = join(opts.dataDir, "postmaster.pid");
  const pidBefore =
    opts.dataDir.startsWith("memory://") || !existsSync(pidFile) ? null : readFileSync(pidFile);
  let client: PGlite;
  try {
    client = await PGlite.create(opts.dataDir, { loadDataDir: opts.loadDataDir });
  } catch (error) {
    if (pidBefore) writeFileSync(pidFile, pidBefore);
    else rmSync(pidFile, { force: true });
    throw new StoreOpenError(opts.dataDir, error);
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    ping: async () => {
      await client.query("select 1");
    },
    session: pgliteSession(client),
    checkpoint: async () => {
      if (!client.closed) await client.exec("checkpoint");
    },
    // a checkpoint first: the next start has no WAL to replay
    close: async () => {
      if (!client.closed) await client.exec("checkpoint");
      await client.close();
    },
  };
}
