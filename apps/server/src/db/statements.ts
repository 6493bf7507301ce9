import { type Column, getTableColumns, type SQL, sql, type Table } from "drizzle-orm";
import pg from "pg";
import type { Db } from "./client.js";
import { pooledTransaction } from "./pooled-transaction.js";

/**
 * A hand-written statement for a hot path where Drizzle's query building costs more CPU than the
 * query; on PostgreSQL its name has it parsed and planned once per connection.
 */
export interface Statement {
  name: string;
  text: string;
}

interface PgliteQueries {
  query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

const clientOf = (db: Db) => (db as unknown as { $client: pg.Pool | PgliteQueries }).$client;

/**
 * One hand-written statement on its own, which PostgreSQL runs as its own transaction: named on a
 * PostgreSQL pool, plain on PGlite.
 */
export async function run<Row>(db: Db, statement: Statement, values: unknown[]): Promise<Row[]> {
  const client = clientOf(db);
  if (client instanceof pg.Pool) {
    const query = { name: statement.name, text: statement.text, values };
    return (await client.query<Row & pg.QueryResultRow>(query)).rows;
  }
  return (await client.query<Row>(statement.text, values)).rows;
}

/** Runs a hand-written statement on the connection of the transaction it was given to. */
export type RunIn = <Row>(statement: Statement, values: unknown[]) => Promise<Row[]>;

/**
 * Hand-written statements in one transaction on one connection (named, so prepared once per
 * connection, on a PostgreSQL pool; PGlite's own transaction otherwise): committed when `work`
 * resolves, rolled back when it throws.
 */
export async function transact<T>(db: Db, work: (runIn: RunIn) => Promise<T>): Promise<T> {
  const client = clientOf(db);
  if (client instanceof pg.Pool) {
    return pooledTransaction(client, "begin", (connection) =>
      work(async <Row>(statement: Statement, values: unknown[]) => {
        const query = { name: statement.name, text: statement.text, values };
        return (await connection.query<Row & pg.QueryResultRow>(query)).rows;
      }),
    );
  }
  return (
    client as PgliteQueries & { transaction<T>(fn: (tx: PgliteQueries) => Promise<T>): Promise<T> }
  ).transaction((tx) =>
    work(
      async <Row>(statement: Statement, values: unknown[]) =>
        (await tx.query<Row>(statement.text, values)).rows,
    ),
  );
}

/**
 * Hand-written statements inside a Drizzle transaction the caller holds (the member ledger's card
 * change within a payment's transaction): each $n becomes a bound parameter of the transaction's
 * connection, unnamed.
 */
export function runInTransaction(tx: Pick<Db, "execute">): RunIn {
  return async <Row>(statement: Statement, values: unknown[]) => {
    const chunks: SQL[] = statement.text
      .split(/\$(\d+)/)
      .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
    const result = await tx.execute(sql.join(chunks));
    return (result as unknown as { rows: Row[] }).rows;
  };
}

/** The PostgreSQL error codes the hot paths answer: a raced unique key, a lock waited on past lock_timeout. */
export const PG_ERROR = {
  uniqueViolation: "23505",
  lockNotAvailable: "55P03",
  checkViolation: "23514",
} as const;

/** Whether `error` is PostgreSQL's error `code` (as the driver, or PGlite, throws it). */
export const isPgError = (error: unknown, code: (typeof PG_ERROR)[keyof typeof PG_ERROR]): boolean =>
  typeof error === "object" && error !== null && "code" in error && error.code === code;

const columnsByTable = new WeakMap<Table, [string, Column][]>();

/** A table's columns by property name, listed once per table rather than once per row read. */
function columnsOf(table: Table): [string, Column][] {
  let columns = columnsByTable.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnsByTable.set(table, columns);
  }
  return columns;
}

/** A row that PostgreSQL turned into JSON (`to_json(row)`), read back as Drizzle reads the table's rows. */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
