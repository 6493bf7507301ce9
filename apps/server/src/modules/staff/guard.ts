import { API_KEY_PREFIX, AppError, type Permission, roleCan, type StaffRole } from "@tablemate/core";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { apiKeys } from "../../db/schema.js";
import { roleAt } from "./accounts.js";
import { tokenHash } from "./secrets.js";
import { liveSession, sessionToken } from "./sessions.js";

/** Who is acting on a staff route: a staff account signed in (or an API key), at one restaurant, in one role. */
export interface StaffPrincipal {
  restaurantId: number;
  role: StaffRole;
  /** the staff account, or null for an API key */
  accountId: number | null;
  apiKeyId: number | null;
  /** the name shown in the audit log and on the floor */
  name: string;
  /** what events and the audit log record: `staff:<account id>`, `apikey:<id>` */
  actor: string;
}

/**
 * Every staff route and socket topic asks the guard: 401 without a credential, 403 when the
 * credential is not for this restaurant or its role lacks the permission. Nothing is read or
 * changed before it answers.
 */
export interface StaffGuard {
  require(request: FastifyRequest, restaurantId: number, permission: Permission): Promise<StaffPrincipal>;
}

/** An API key's last use is written at most once a minute, not on every call it makes. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * The guard over staff accounts: the session cookie `tm_staff` (a live session whose account is a
 * member of the restaurant, in a role that has the permission), or `Authorization: Bearer tmk_...`
 * (an unrevoked API key of that restaurant whose role has it).
 */
export function accountGuard(deps: { db: Db; now: () => Date }): StaffGuard {
  const { db, now } = deps;
  return {
    async require(request, restaurantId, permission) {
      const at = now();
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
      let principal: StaffPrincipal;
      if (bearer !== undefined) {
        if (!bearer.startsWith(API_KEY_PREFIX)) throw new AppError("staffSignedOut");
        const [key] = await db
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.keyHash, tokenHash(bearer)), isNull(apiKeys.revokedAt)));
        if (!key) throw new AppError("staffSignedOut");
        if (key.restaurantId !== restaurantId) throw new AppError("staffForbidden");
        principal = {
          restaurantId,
          role: key.role,
          accountId: null,
          apiKeyId: key.id,
          name: key.name,
          actor: `apikey:${key.id}`,
        };
        if (!key.lastUsedAt || at.getTime() - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS)
          await db
            .update(apiKeys)
            .set({ lastUsedAt: at })
            .where(
              and(
                eq(apiKeys.id, key.id),
                or(
                  isNull(apiKeys.lastUsedAt),
                  lt(apiKeys.lastUsedAt, new Date(at.getTime() - LAST_USED_EVERY_MS)),
                ),
              ),
            );
      } else {
        const live = await liveSession(db, sessionToken(request), at);
        if (!live) throw new AppError("staffSignedOut");
        const { session, account } = live;
        // a PIN switch's session acts for its own restaurant only
        if (session.restaurantId !== null && session.restaurantId !== restaurantId)
          throw new AppError("staffForbidden");
        const role = await roleAt(db, account.id, restaurantId);
        if (!role) throw new AppError("staffForbidden");
        principal = {
          restaurantId,
          role,
          accountId: account.id,
          apiKeyId: null,
          name: account.name,
          actor: `staff:${account.id}`,
        };
      }
      if (!roleCan(principal.role, permission)) throw new AppError("staffForbidden");
      return principal;
    },
  };
}
