/**
 * The recharge calls (issue 19, 001 §7), loaded with the recharge page only, on the member transport
 * (member-http.ts: the stored login's token, refreshed once when stale): the rules of the restaurant's
 * member family, recharge-prepay with its paySign header, and a recharge by its trade.
 */
import { rechargePaySign, sha256Hex } from "@tablemate/client";
import { MEMBER_API, type RechargeRuleView, type RechargeStart, type RechargeView } from "@tablemate/core";
import { session } from "../storage.js";
import { memberGet, memberPostFor } from "./member-http.js";

/** GET {family}/recharge-rules (001 §7: fusecrm for the new member system, oldcrm for the old). */
export function fetchRechargeRules(isNewCrm: boolean, rid: number): Promise<RechargeRuleView[]> {
  return memberGet((isNewCrm ? MEMBER_API.fusecrm : MEMBER_API.oldcrm).rechargeRules, rid);
}

/** What paySign covers: the restaurant, the card, the amount in cents and the moment (ms). */
export interface RechargeBody {
  rid: number;
  cardId: number;
  rechargeMoney: number;
  timestamp: number;
}

interface Signed {
  body: RechargeBody;
  paySign: string;
  /** the SHA-256 of the token it was signed with: another token signs anew */
  signedWith: string;
}

const SIGNED_PREFIX = "tablemate.rechargeSign:";
/** a kept signed request is sent again only well inside the server's 5 minutes */
const RESEND_WITHIN_MS = 4 * 60_000;

/**
 * The signed request for one intended payment (`key`, pay-key.ts's): the one signed before with the
 * same token while it is recent, so a second tap, a retry after no answer or a reload sends the same
 * signature and the server answers the same recharge; else a new one, kept.
 */
async function signedFor(key: string, token: string, body: Omit<RechargeBody, "timestamp">): Promise<Signed> {
  const signedWith = sha256Hex(token);
  try {
    const kept = JSON.parse(session.get(SIGNED_PREFIX + key) ?? "null") as Signed | null;
    if (kept?.signedWith === signedWith && Date.now() - kept.body.timestamp < RESEND_WITHIN_MS) return kept;
  } catch {
    // unreadable: signed anew
  }
  const fresh = { ...body, timestamp: Date.now() };
  const signed = { body: fresh, paySign: rechargePaySign(token, fresh), signedWith };
  session.set(SIGNED_PREFIX + key, JSON.stringify(signed));
  return signed;
}

/**
 * POST recharge-prepay: the amount onto the card through the payment port, signed with the member
 * token it goes with (paySign; signed anew for a refreshed token); answers the attempt and what the
 * browser does next.
 */
export function startRecharge(
  key: string,
  body: Omit<RechargeBody, "timestamp">,
  extra: { ruleId?: number; returnPath: string },
): Promise<RechargeStart> {
  return memberPostFor(MEMBER_API.rechargePrepay, body.rid, async (token) => {
    // no login: the server says so (1990), and the transport forgets what is left of it
    if (!token) return { params: { ...body, ...extra } };
    const signed = await signedFor(key, token, body);
    return { params: { ...signed.body, ...extra }, headers: { paySign: signed.paySign } };
  });
}

/** GET recharges/{tradeNo}: the recharge a trade pays, and what the card can spend now. */
export function fetchRecharge(rid: number, tradeNo: string): Promise<RechargeView> {
  return memberGet(MEMBER_API.recharge(tradeNo), rid);
}
