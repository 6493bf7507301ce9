import { SESSION_HOURS } from "@tablemate/core";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db, Tx } from "../../db/client.js";
import { staffAccounts, staffSessions } from "../../db/schema.js";
import type { Account } from "./accounts.js";
import { randomToken, tokenHash } from "./secrets.js";

/** The staff session's cookie: httpOnly, SameSite=Strict, only sent to the console's own paths. */
export const SESSION_COOKIE = "tm_staff";
const SESSION_MS = SESSION_HOURS * 3_600_000;

export type Session = typeof staffSessions.$inferSelect;

/** Starts a session; the token goes to the cookie, only its SHA-256 to the database. */
export async function startSession(
  db: Db | Tx,
  accountId: number,
  restaurantId: number | null,
  at: Date,
): Promise<string> {
  const token = randomToken();
  await db.insert(staffSessions).values({
    tokenHash: tokenHash(token),
    accountId,
    restaurantId,
    createdAt: at,
    expiresAt: new Date(at.getTime() + SESSION_MS),
  });
  return token;
}

/** The live session a token names (not revoked, not expired, its account enabled), with its account. */
export async function liveSession(
  db: Db,
  token: string | undefined,
  at: Date,
): Promise<{ session: Session; account: Account } | null> {
  if (!token) return null;
  const [row] = await db
    .select({ session: staffSessions, account: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffSessions.accountId, staffAccounts.id))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, at),
        eq(staffAccounts.disabled, false),
      ),
    );
  return row ?? null;
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

export async function revokeSession(db: Db | Tx, sessionId: number, at: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** Ends every live session of an account (but `keep`): a password change, a reset, a disable. */
export async function revokeAccountSessions(
  db: Db | Tx,
  accountId: number,
  at: Date,
  keep?: number,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(staffSessions.accountId, accountId),
        isNull(staffSessions.revokedAt),
        keep === undefined ? undefined : ne(staffSessions.id, keep),
      ),
    );
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "strict",
    path: "/console",
    secure: request.protocol === "https",
    maxAge: SESSION_MS / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "strict",
    path: "/console",
    secure: request.protocol === "https",
  });
}
