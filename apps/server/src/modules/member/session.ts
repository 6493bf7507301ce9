/**
 * Member sessions (001 §6, §8): a login proved by an SMS code gets a random token (`mt_` + 32 random
 * bytes, base64url) that the app keeps in local storage and sends in the `member-token` header. Only
 * its SHA-256 is stored (member_sessions), with the visitor it was issued to: the token works only
 * beside that visitor's own credential (cookie or `token` header), so a token copied to another
 * browser is worth nothing. It works 2 hours (then 1991: refresh), at the restaurant it was issued at;
 * token-refresh revokes it and issues the next, by the same visitor, within 30 days of the login.
 */
import { createHash, randomBytes } from "node:crypto";
import { AppError, MEMBER_TOKEN_HEADER, refreshTokenSchema } from "@tablemate/core";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { memberSessions, members } from "../../db/schema.js";
import type { Signer } from "../../security/signer.js";
import { visitorOf } from "../../security/visitor.js";

const HOUR_MS = 3_600_000;
export const MEMBER_SESSION = {
  /** how long a token works */
  lifeMs: 2 * HOUR_MS,
  /** how long after the login its tokens may be refreshed (each refresh keeps the login's limit) */
  refreshMs: 30 * 24 * HOUR_MS,
} as const;

/** Who a member call acts for: the logged-in member, at the restaurant and by the visitor of the login. */
export interface MemberPrincipal {
  memberId: number;
  /** the member's phone, 11 digits */
  phone: string;
  sessionId: number;
  guid: string;
  restaurantId: number;
}

export interface MemberAuthDeps {
  db: Db;
  signer: Signer;
  now: () => Date;
}

export interface IssuedToken {
  token: string;
  /** ms */
  expiresAt: number;
}

/** A member token's SHA-256 hex: all the session keeps of it (and what recharge-prepay's paySign is keyed by). */
export const memberTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

async function issue(
  db: Db,
  input: { memberId: number; guid: string; restaurantId: number; refreshUntil: Date; at: Date },
): Promise<IssuedToken> {
  const token = `mt_${randomBytes(32).toString("base64url")}`;
  // never beyond the login's refresh limit: past it, only a new login gives a token
  const expiresAt = new Date(
    Math.min(input.at.getTime() + MEMBER_SESSION.lifeMs, input.refreshUntil.getTime()),
  );
  await db.insert(memberSessions).values({
    tokenHash: memberTokenHash(token),
    guid: input.guid,
    memberId: input.memberId,
    restaurantId: input.restaurantId,
    createdAt: input.at,
    expiresAt,
    refreshUntil: input.refreshUntil,
  });
  return { token, expiresAt: expiresAt.getTime() };
}

/** A login's first token (the SMS code proved the phone). */
export function startMemberSession(
  db: Db,
  input: { memberId: number; guid: string; restaurantId: number; at: Date },
): Promise<IssuedToken> {
  return issue(db, { ...input, refreshUntil: new Date(input.at.getTime() + MEMBER_SESSION.refreshMs) });
}

/**
 * GET token-refresh: the member-token header's token (live or past its 2 hours) revoked and the next
 * issued, compare-and-set, so two refreshes of one token give one new token. Refused with 1001 when the token is unknown,
 * revoked, another visitor's or another restaurant's, or its login is over 30 days old.
 */
export function refreshMemberToken(
  deps: MemberAuthDeps,
  request: FastifyRequest,
  rid: number,
): Promise<IssuedToken> {
  const guid = visitorOf(deps.signer, request);
  const token = refreshTokenSchema.safeParse(request.headers[MEMBER_TOKEN_HEADER]);
  if (!guid || !token.success) return Promise.reject(new AppError("memberRefreshRefused"));
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const [old] = await tx
      .update(memberSessions)
      .set({ revokedAt: at })
      .where(
        and(
          eq(memberSessions.tokenHash, memberTokenHash(token.data)),
          isNull(memberSessions.revokedAt),
          eq(memberSessions.guid, guid),
          eq(memberSessions.restaurantId, rid),
          gt(memberSessions.refreshUntil, at),
        ),
      )
      .returning();
    if (!old) throw new AppError("memberRefreshRefused");
    return issue(tx, {
      memberId: old.memberId,
      guid,
      restaurantId: rid,
      refreshUntil: old.refreshUntil,
      at,
    });
  });
}

/**
 * Revokes the member token of the request (members/logout) when it is `guid`'s at restaurant `rid`
 * and live: it answers 1990 from then on. Answers the session ended, or null when there was none to
 * end (no token, already revoked, another visitor's or restaurant's): logging out twice is harmless.
 */
export async function endMemberSession(
  db: Db,
  request: FastifyRequest,
  input: { guid: string; rid: number; at: Date },
): Promise<{ memberId: number } | null> {
  const token = tokenOf(request);
  if (!token) return null;
  const [ended] = await db
    .update(memberSessions)
    .set({ revokedAt: input.at })
    .where(
      and(
        eq(memberSessions.tokenHash, memberTokenHash(token)),
        isNull(memberSessions.revokedAt),
        eq(memberSessions.guid, input.guid),
        eq(memberSessions.restaurantId, input.rid),
      ),
    )
    .returning({ memberId: memberSessions.memberId });
  return ended ?? null;
}

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[MEMBER_TOKEN_HEADER];
  return typeof header === "string" && header.length > 0 ? header : null;
}

async function memberOfToken(deps: MemberAuthDeps, request: FastifyRequest, token: string, rid: number) {
  const guid = visitorOf(deps.signer, request);
  if (!guid) throw new AppError("memberLoginNeeded");
  const [session] = await deps.db
    .select({ session: memberSessions, phone: members.phone })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(eq(memberSessions.tokenHash, memberTokenHash(token)));
  if (
    !session ||
    session.session.revokedAt !== null ||
    session.session.guid !== guid ||
    session.session.restaurantId !== rid
  )
    throw new AppError("memberLoginNeeded");
  if (session.session.expiresAt.getTime() <= deps.now().getTime()) throw new AppError("memberTokenExpired");
  return {
    memberId: session.session.memberId,
    phone: session.phone,
    sessionId: session.session.id,
    guid,
    restaurantId: rid,
  } satisfies MemberPrincipal;
}

/**
 * The member a call acts for at restaurant `rid`, from the `member-token` header beside the visitor's
 * credential: 1990 without a token or with one unknown, revoked, another visitor's or another
 * restaurant's; 1991 when its 2 hours are over (the app refreshes and calls again).
 */
export async function requireMember(
  deps: MemberAuthDeps,
  request: FastifyRequest,
  rid: number,
): Promise<MemberPrincipal> {
  const token = tokenOf(request);
  if (!token) throw new AppError("memberLoginNeeded");
  return memberOfToken(deps, request, token, rid);
}

/** As requireMember where a login is optional: null without a token; a token sent is checked all the same. */
export async function optionalMember(
  deps: MemberAuthDeps,
  request: FastifyRequest,
  rid: number,
): Promise<MemberPrincipal | null> {
  const token = tokenOf(request);
  return token ? memberOfToken(deps, request, token, rid) : null;
}
