/**
 * INTERIM (helper E, issue 19): the caller's member login, read from member_sessions until helper A's
 * member/session.ts (requireMember) is on main; then this file goes and its one caller uses A's.
 */
import { createHash } from "node:crypto";
import { AppError, MEMBER_TOKEN_HEADER } from "@tablemate/core";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { memberSessions } from "../../db/schema.js";

/** A live member login: the member, and the token's SHA-256 hex (what paySign is keyed by). */
export interface MemberLogin {
  memberId: number;
  tokenHash: string;
}

/** The member whose live token the request carries, issued to this visitor at this restaurant (else 1990). */
export async function requireMemberLogin(
  db: Db,
  request: FastifyRequest,
  guid: string,
  restaurantId: number,
  now: Date,
): Promise<MemberLogin> {
  const token = request.headers[MEMBER_TOKEN_HEADER];
  if (typeof token !== "string" || token === "") throw new AppError("memberLoginNeeded");
  const tokenHash = createHash("sha256").update(token).digest("hex");
  const [session] = await db
    .select({ memberId: memberSessions.memberId })
    .from(memberSessions)
    .where(
      and(
        eq(memberSessions.tokenHash, tokenHash),
        eq(memberSessions.guid, guid),
        eq(memberSessions.restaurantId, restaurantId),
        isNull(memberSessions.revokedAt),
        gt(memberSessions.expiresAt, now),
      ),
    );
  if (!session) throw new AppError("memberLoginNeeded");
  return { memberId: session.memberId, tokenHash };
}
