import { spawn } from "node:child_process";
import type { RawQuery } from "../../src/db/client.js";
import { quoted, tablesOf } from "../../src/db/store/snapshot.js";

const ROOT = new URL("../../../..", import.meta.url).pathname;

/** Every table of the public schema as its rows' JSON, sorted: a store's whole content. */
export async function everyTable(query: RawQuery): Promise<Record<string, string[]>> {
  const content: Record<string, string[]> = {};
  for (const { table } of await tablesOf(query)) {
    const rows = await query<{ r: string }>(
      `select row_to_json(t)::text as r from public.${quoted(table)} t order by 1`,
    );
    content[table] = rows.map((row) => row.r);
  }
  return content;
}

/**
 * The tables whose id sequence would give an id they already hold (sequences are not transactional: a
 * backup has each where it stood when read, at or past every id of its snapshot).
 */
export async function sequencesBehind(query: RawQuery): Promise<string[]> {
  const behind: string[] = [];
  for (const { table, columns } of await tablesOf(query)) {
    if (!columns.includes("id")) continue;
    const [row] = await query<{ behind: boolean | null }>(
      `select (select last_value from pg_sequences where schemaname || '.' || sequencename = pg_get_serial_sequence('public.${quoted(table)}', 'id'))
              < (select max(id) from public.${quoted(table)}) as behind`,
    );
    if (row?.behind) behind.push(table);
  }
  return behind;
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs one of the server's scripts (apps/server/src/<script>) as `npm run`/`npm start` do, from the repository root. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<Ran> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", `apps/server/src/${script}`, ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on("data", (chunk) => {
      stderr += String(chunk);
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}
