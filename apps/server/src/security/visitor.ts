import { randomUUID } from "node:crypto";
import { AppError } from "@tablemate/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Signer } from "./signer.js";

/**
 * Who a diner is. The guid is the visitor's public id: tablemates see it (a table user's `userId`, an
 * order's `wxId`), so it identifies and never authorises. What authorises is the credential, an HMAC
 * of the guid that only the browser it was issued to holds: an httpOnly cookie, or the spec's `token`
 * header (the app keeps the token getUserInfo answers in local storage).
 */
export const VISITOR_COOKIE = "tm_visitor";
/** the guid itself, readable by the app (spec: the guid cookie) */
export const GUID_COOKIE = "guid";
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** The guid the request's credential was issued for (cookie first, then the token header), or null. */
export function visitorOf(signer: Signer, request: FastifyRequest): string | null {
  const fromCookie = request.cookies[VISITOR_COOKIE];
  const guid = fromCookie ? signer.visitorOf(fromCookie) : null;
  if (guid) return guid;
  const header = request.headers.token;
  return typeof header === "string" ? signer.visitorOf(header) : null;
}

/**
 * The acting visitor: the credential's guid (401 without one). A guid the payload names as its actor
 * (the spec's bodies carry one) must be that same visitor (403): a tablemate's id is not a key.
 */
export function requireVisitor(signer: Signer, request: FastifyRequest, claimed?: string): string {
  const guid = visitorOf(signer, request);
  if (!guid) throw new AppError("unauthorized");
  if (claimed !== undefined && claimed !== guid) throw new AppError("wrongVisitor");
  return guid;
}

/** Makes a new visitor for this browser: a random guid, its cookie, and the httpOnly credential. */
export function issueVisitor(signer: Signer, reply: FastifyReply): { guid: string; token: string } {
  const guid = randomUUID();
  const token = signer.visitorCredential(guid);
  setVisitorCookies(reply, guid, token);
  return { guid, token };
}

/** The visitor's cookies, Secure whenever the request came over https (directly or by a trusted proxy). */
export function setVisitorCookies(reply: FastifyReply, guid: string, token: string): void {
  const secure = reply.request.protocol === "https";
  const common = { path: "/", maxAge: ONE_YEAR_SECONDS, sameSite: "lax" as const, secure };
  reply.setCookie(GUID_COOKIE, guid, { ...common, httpOnly: false });
  reply.setCookie(VISITOR_COOKIE, token, { ...common, httpOnly: true });
}
