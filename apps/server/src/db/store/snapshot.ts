/**
 * A logical copy of the store, read inside one snapshot session (Database.session("snapshot")): every
 * table of the public schema row by row (a cursor, so a large table is never held whole), every
 * sequence's position, and how far the store is migrated.
 */
import type { RawQuery } from "../client.js";
import { type BackupHeader, FORMAT, type Sequence, VERSION } from "./format.js";

export interface TableShape {
  table: string;
  /** the stored columns (generated ones are computed again on restore) */
  columns: string[];
}

const BATCH = 500;

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function tablesOf(query: RawQuery): Promise<TableShape[]> {
  return query<TableShape>(
    `select c.relname::text as "table", array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind = 'r'
      group by c.relname
      order by c.relname`,
  );
}

export async function sequencesOf(query: RawQuery): Promise<Sequence[]> {
  const names = await query<{ name: string }>(
    `select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const sequences: Sequence[] = [];
  for (const { name } of names) {
    const [at] = await query<{ last: string; called: boolean }>(
      `select last_value::text as last, is_called as called from public.${quoted(name)}`,
    );
    if (at) sequences.push([name, Number(at.last), at.called]);
  }
  return sequences;
}

/** How many migrations the store has applied, and the last one's journal `when` (0 and null: none). */
export async function migrationsOf(
  query: RawQuery,
): Promise<{ migrations: number; lastMigrationWhen: number | null }> {
  const [exists] = await query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists?.found) return { migrations: 0, lastMigrationWhen: null };
  const [row] = await query<{ n: number; last: string | null }>(
    `select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  return { migrations: row?.n ?? 0, lastMigrationWhen: row?.last ? Number(row.last) : null };
}

/** Every row of `table` as row_to_json text, in batches through a cursor. */
export async function* rowsOf(query: RawQuery, shape: TableShape): AsyncGenerator<string[]> {
  const cursor = `backup_${shape.table}`;
  const columns = shape.columns.map(quoted).join(", ");
  await query(
    `declare ${quoted(cursor)} no scroll cursor for select row_to_json(t)::text as r from (select ${columns} from public.${quoted(shape.table)}) t`,
  );
  try {
    for (;;) {
      const batch = await query<{ r: string }>(`fetch ${BATCH} from ${quoted(cursor)}`);
      if (!batch.length) return;
      yield batch.map((row) => row.r);
    }
  } finally {
    await query(`close ${quoted(cursor)}`);
  }
}

/** Writes the whole store, as seen by `query`'s snapshot, through `line`; answers the header and the row count. */
export async function writeSnapshot(
  query: RawQuery,
  source: BackupHeader["source"],
  line: (text: string) => Promise<void>,
): Promise<{ header: BackupHeader; rows: number }> {
  const header: BackupHeader = {
    format: FORMAT,
    version: VERSION,
    takenAt: new Date().toISOString(),
    source,
    ...(await migrationsOf(query)),
  };
  await line(JSON.stringify(header));
  let rows = 0;
  for (const shape of await tablesOf(query)) {
    await line(JSON.stringify(shape));
    for await (const batch of rowsOf(query, shape)) {
      for (const row of batch) await line(row);
      rows += batch.length;
    }
  }
  await line(JSON.stringify({ sequences: await sequencesOf(query) }));
  await line(JSON.stringify({ end: true, rows }));
  return { header, rows };
}
