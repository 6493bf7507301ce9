import { API_KEY_PREFIX, type ApiKeyRole, type ApiKeyView, AppError } from "@tablemate/core";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { apiKeys, staffAccounts } from "../../db/schema.js";
import type { StaffDeps } from "./accounts.js";
import { recordAudit } from "./audit.js";
import type { StaffPrincipal } from "./guard.js";
import { randomToken, tokenHash } from "./secrets.js";

/** How much of a key stays visible in the list, to tell keys apart: `tmk_` and 8 characters. */
const VISIBLE = API_KEY_PREFIX.length + 8;

const view = (row: typeof apiKeys.$inferSelect, createdBy: string | null): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  createdBy,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** A restaurant's API keys, newest first, revoked ones included. */
export async function listApiKeys(db: Db, restaurantId: number): Promise<ApiKeyView[]> {
  const rows = await db
    .select({ key: apiKeys, createdBy: staffAccounts.name })
    .from(apiKeys)
    .leftJoin(staffAccounts, eq(apiKeys.createdBy, staffAccounts.id))
    .where(eq(apiKeys.restaurantId, restaurantId))
    .orderBy(desc(apiKeys.id));
  return rows.map((r) => view(r.key, r.createdBy));
}

/** Creates a key for an integration; the key itself is answered this once and stored only as a hash. */
export async function createApiKey(
  deps: StaffDeps,
  by: StaffPrincipal,
  input: { name: string; role: ApiKeyRole },
): Promise<{ apiKey: ApiKeyView; secret: string }> {
  const secret = `${API_KEY_PREFIX}${randomToken()}`;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        restaurantId: by.restaurantId,
        name: input.name,
        role: input.role,
        prefix: secret.slice(0, VISIBLE),
        keyHash: tokenHash(secret),
        createdBy: by.accountId,
        createdAt: deps.now(),
      })
      .returning();
    if (!row) throw new Error("api key not inserted");
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "apiKey.create",
      target: `apikey:${row.id}`,
      after: { name: row.name, role: row.role, prefix: row.prefix },
    });
    return { apiKey: view(row, by.accountId === null ? null : by.name), secret };
  });
}

/** Revokes a key of the caller's restaurant (404 otherwise); revoking it again changes nothing. */
export async function revokeApiKey(deps: StaffDeps, by: StaffPrincipal, keyId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.restaurantId, by.restaurantId)))
      .for("update");
    if (!row) throw new AppError("apiKeyNotFound");
    if (row.revokedAt) return;
    const at = deps.now();
    await tx.update(apiKeys).set({ revokedAt: at }).where(eq(apiKeys.id, keyId));
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "apiKey.revoke",
      target: `apikey:${row.id}`,
      before: { revokedAt: null },
      after: { revokedAt: at.toISOString() },
    });
  });
}
