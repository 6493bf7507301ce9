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
  query<R>(text: string, values: unknown[]): Promise<{ rows: R[] }>;
}

interface PgliteLike {
  transaction<T>(work: (tx: PgliteQueries) => Promise<T>): Promise<T>;
}

/**
 * One transaction of hand-written statements straight on the driver, for a hot path where Drizzle's
 * query building costs more CPU than the query: named statements on a PostgreSQL pool, plain ones on
 * PGlite. Commits when `work` resolves, rolls back when it throws.
 */
export async function transaction<T>(db: Db, work: (run: Run) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client: pg.Pool | PgliteLike }).$client;
  if (!(client instanceof pg.Pool)) {
    return client.transaction((tx) =>
      work(
        async <Row>(statement: Statement, values: unknown[]) =>
          (await tx.query<Row>(statement.text, values)).rows,
      ),
    );
  }
  const connection = await client.connect();
  let broken: Error | undefined;
  try {
    await connection.query("BEGIN");
    const result = await work(
      async <Row>(statement: Statement, values: unknown[]) =>
        (await connection.query<Row & pg.QueryResultRow>({ ...statement, values })).rows,
    );
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

/** A row that PostgreSQL turned into JSON (`to_json(row)`), read back as Drizzle reads the table's rows. */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
