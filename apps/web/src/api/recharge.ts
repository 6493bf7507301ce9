/**
 * The recharge calls (issue 19, 001 §7), loaded with the recharge page only: the rules of the
 * restaurant's member family, recharge-prepay with its paySign header, and a recharge by its trade.
 */
import { rechargePaySign } from "@tablemate/client";
import {
  MEMBER_API,
  MEMBER_TOKEN_HEADER,
  type RechargeRuleView,
  type RechargeStart,
  type RechargeView,
} from "@tablemate/core";
import { session } from "../storage.js";
import { http } from "./http.js";

type Id = number | string;

/** GET {family}/recharge-rules (001 §7: fusecrm for the new member system, oldcrm for the old). */
export function fetchRechargeRules(isNewCrm: boolean, rid: Id): Promise<RechargeRuleView[]> {
  return http.get((isNewCrm ? MEMBER_API.fusecrm : MEMBER_API.oldcrm).rechargeRules, { rid });
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
}

const SIGNED_PREFIX = "tablemate.rechargeSign:";
/** a kept signed request is sent again only well inside the server's 5 minutes */
const RESEND_WITHIN_MS = 4 * 60_000;

/**
 * The signed request for one intended payment (`key`, pay-key.ts's): the one signed before while it
 * is recent, so a second tap, a retry after no answer or a reload sends the same signature and the
 * server answers the same recharge; else a new one, kept.
 */
async function signedFor(key: string, token: string, body: Omit<RechargeBody, "timestamp">): Promise<Signed> {
  try {
    const kept = JSON.parse(session.get(SIGNED_PREFIX + key) ?? "null") as Signed | null;
    if (kept && Date.now() - kept.body.timestamp < RESEND_WITHIN_MS) return kept;
  } catch {
    // unreadable: signed anew
  }
  const fresh = { ...body, timestamp: Date.now() };
  const signed = { body: fresh, paySign: await rechargePaySign(token, fresh) };
  session.set(SIGNED_PREFIX + key, JSON.stringify(signed));
  return signed;
}

/**
 * POST recharge-prepay: the amount onto the card through the payment port, signed with the member
 * token (paySign) and sent with it; answers the attempt and what the browser does next.
 */
export async function startRecharge(
  token: string,
  key: string,
  body: Omit<RechargeBody, "timestamp">,
  extra: { ruleId?: number; returnPath: string },
): Promise<RechargeStart> {
  const signed = await signedFor(key, token, body);
  return http.post(
    MEMBER_API.rechargePrepay,
    { ...signed.body, ...extra },
    { headers: { [MEMBER_TOKEN_HEADER]: token, paySign: signed.paySign } },
  );
}

/** GET recharges/{tradeNo}: the recharge a trade pays, and what the card can spend now. */
export function fetchRecharge(token: string, rid: Id, tradeNo: string): Promise<RechargeView> {
  return http.get(MEMBER_API.recharge(tradeNo), { rid }, { headers: { [MEMBER_TOKEN_HEADER]: token } });
}
