/**
 * The backup file: gzipped JSON lines, one format for the embedded store and PostgreSQL.
 *
 *   {"format":"tablemate-backup","version":1,"takenAt":…,"source":"pglite","migrations":25,"lastMigrationWhen":…}
 *   {"table":"orders","columns":["id",…]}      then one line per row: the row as row_to_json wrote it
 *   {"sequences":[["orders_id_seq",1234,true],…]}
 *   {"end":true,"rows":5678}                    a file without it was cut short and is refused
 */
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { createGunzip, createGzip } from "node:zlib";
import { StoreError } from "./errors.js";

export const FORMAT = "tablemate-backup";
export const VERSION = 1;

export interface BackupHeader {
  format: typeof FORMAT;
  version: number;
  takenAt: string;
  source: "pglite" | "postgres";
  /** how many migrations the store had applied, and the last one's journal `when` */
  migrations: number;
  lastMigrationWhen: number | null;
}

export type Sequence = [name: string, lastValue: number, isCalled: boolean];

export type BackupLine =
  | { kind: "table"; table: string; columns: string[] }
  | { kind: "row"; json: string }
  | { kind: "sequences"; sequences: Sequence[] };

/** Writes lines through gzip into `file`, awaiting the stream when it asks to (a large store is never held whole). */
export function backupWriter(file: string) {
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(file, { flags: "wx" });
  const piped = new Promise<void>((resolve, reject) => {
    out.once("finish", resolve);
    out.once("error", reject);
    gzip.once("error", reject);
  });
  gzip.pipe(out);
  return {
    async line(text: string): Promise<void> {
      if (!gzip.write(`${text}\n`)) await once(gzip, "drain");
    },
    async end(): Promise<void> {
      gzip.end();
      await piped;
    },
  };
}

/** Reads a backup file: its header, then every line after it; throws a StoreError for a file that is not one, or cut short. */
export async function readBackup(
  file: string,
  onLine: (line: BackupLine) => Promise<void>,
  onHeader: (header: BackupHeader) => Promise<void> = async () => {},
): Promise<{ header: BackupHeader; rows: number }> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  let header: BackupHeader | null = null;
  let rows = 0;
  let ended: number | null = null;
  try {
    for await (const text of lines) {
      if (header === null) {
        header = parseHeader(file, text);
        await onHeader(header);
        continue;
      }
      if (ended !== null) throw new StoreError(`${file}: lines after its end`);
      if (text.startsWith('{"table":')) {
        const { table, columns } = JSON.parse(text) as { table: string; columns: string[] };
        await onLine({ kind: "table", table, columns });
      } else if (text.startsWith('{"sequences":')) {
        await onLine({
          kind: "sequences",
          sequences: (JSON.parse(text) as { sequences: Sequence[] }).sequences,
        });
      } else if (text.startsWith('{"end":')) {
        ended = (JSON.parse(text) as { rows: number }).rows;
      } else {
        rows += 1;
        await onLine({ kind: "row", json: text });
      }
    }
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw new StoreError(`${file} is not a readable Tablemate backup (${(error as Error).message})`);
  }
  if (header === null) throw new StoreError(`${file} is empty`);
  if (ended === null || ended !== rows)
    throw new StoreError(
      `${file} was cut short (it has no end, or fewer rows than it says): it cannot be restored`,
    );
  return { header, rows };
}

/** The header line, checked: the format and its version this code reads. */
export function parseHeader(file: string, text: string): BackupHeader {
  let header: BackupHeader;
  try {
    header = JSON.parse(text) as BackupHeader;
  } catch {
    throw new StoreError(`${file} is not a Tablemate backup`);
  }
  if (header.format !== FORMAT) throw new StoreError(`${file} is not a Tablemate backup`);
  if (header.version !== VERSION)
    throw new StoreError(
      `${file} is a backup of format version ${header.version}; this Tablemate reads ${VERSION}`,
    );
  return header;
}
