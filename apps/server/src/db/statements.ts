import { getTableColumns, type Table } from "drizzle-orm";
import pg from "pg";
import type { Db } from "./client.js";

/** A hand-written statement; on PostgreSQL its name has it parsed and planned once per connection. */
export interface Statement {
  name: string;
  text: string;
}

export type Run = <Row>(statement: Statement, values: unknown[]) => Promise<Row[]>;

interface PgliteQueries {
  query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

interface PgliteLike extends PgliteQueries {
  transaction<T>(work: (tx: PgliteQueries) => Promise<T>): Promise<T>;
}

const clientOf = (db: Db) => (db as unknown as { $client: pg.Pool | PgliteLike }).$client;

/** Named, so PostgreSQL parses and plans it once per connection. */
const named =
  (client: pg.Pool | pg.PoolClient): Run =>
  async <Row>(statement: Statement, values: unknown[]) =>
    (await client.query<Row & pg.QueryResultRow>({ ...statement, values })).rows;

const plain =
  (client: PgliteQueries): Run =>
  async <Row>(statement: Statement, values: unknown[]) =>
    (await client.query<Row>(statement.text, values)).rows;

/** One hand-written statement on its own, outside any transaction. */
export function run<Row>(db: Db, statement: Statement, values: unknown[]): Promise<Row[]> {
  const client = clientOf(db);
  return (client instanceof pg.Pool ? named(client) : plain(client))<Row>(statement, values);
}

/** What a transaction sets with its BEGIN (in the same round trip, on PostgreSQL). */
export interface TransactionSettings {
  /** `set local statement_timeout`: the longest any statement of it, lock waits included, may take */
  statementTimeoutMs?: number;
}

const settingsSql = ({ statementTimeoutMs }: TransactionSettings): string =>
  statementTimeoutMs === undefined ? "" : `set local statement_timeout = ${Math.trunc(statementTimeoutMs)}`;

/**
 * One transaction of hand-written statements straight on the driver, for a hot path where Drizzle's
 * query building costs more CPU than the query: named statements on a PostgreSQL pool, plain ones on
 * PGlite. Commits when `work` resolves, rolls back when it throws.
 */
export async function transaction<T>(
  db: Db,
  work: (run: Run) => Promise<T>,
  settings: TransactionSettings = {},
): Promise<T> {
  const client = clientOf(db);
  const set = settingsSql(settings);
  if (!(client instanceof pg.Pool)) {
    return client.transaction(async (tx) => {
      if (set) await tx.query(set);
      return work(plain(tx));
    });
  }
  const connection = await client.connect();
  let broken: Error | undefined;
  try {
    await connection.query(set ? `BEGIN; ${set}` : "BEGIN");
    const result = await work(named(connection));
    await connection.query("COMMIT");
    return result;
  } catch (error) {
    await connection.query("ROLLBACK").catch((rollback: Error) => {
      broken = rollback;
    });
    throw error;
  } finally {
    // a connection that cannot even roll back is dropped from the pool, not reused
    connection.release(broken);
  }
}

/** An integer array as one text parameter ('{1,2}'), read the same by PostgreSQL and PGlite. */
export const intArray = (values: readonly number[]): string =>
  `{${values.map((v) => Math.trunc(v)).join(",")}}`;

/** A row that PostgreSQL turned into JSON (`to_json(row)`), read back as Drizzle reads the table's rows. */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
