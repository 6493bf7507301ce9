import { createHash } from "node:crypto";
import { AppError } from "@tablemate/core";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { idempotencyKeys } from "../../db/schema.js";

/** The request a key stands for: its canonical JSON, hashed (a key sent again must carry the same). */
export function requestHash(body: unknown): string {
  return createHash("sha256").update(canonicalJson(body)).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Runs `run` once per (scope, key): the same key and body answer the first answer again; the same key
 * with another body is refused (409); a key whose first request is still running answers 4602. A run
 * that throws lets the key go, so the caller may retry with it.
 */
export async function once<T>(
  db: Db,
  scope: string,
  key: string,
  body: unknown,
  run: () => Promise<T>,
): Promise<T> {
  const hash = requestHash(body);
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [seen] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!seen) return once(db, scope, key, body, run);
    if (seen.requestHash !== hash) throw new AppError("idempotencyConflict");
    if (seen.response === null) throw new AppError("idempotencyInFlight");
    return seen.response as T;
  }
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  try {
    const answer = await run();
    await db
      .update(idempotencyKeys)
      .set({ response: sql`${JSON.stringify(answer)}::jsonb` })
      .where(where);
    return answer;
  } catch (error) {
    await db.delete(idempotencyKeys).where(where);
    throw error;
  }
}
