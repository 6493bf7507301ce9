/**
 * Phone login (001 §4, §8): an SMS code to the phone, then cards/login with it. The code's answer is
 * the same for any phone, member or not (nothing about the phone is read before it is sent); a phone
 * that proves its code becomes a member if it was none, with no card until one is activated.
 */
import {
  AppError,
  CARD_STATUS,
  type CardLoginAnswer,
  type CardLoginBody,
  canonicalPhone,
  type LoginCodeBody,
  type MemberFamily,
  type PhoneCodeSent,
} from "@tablemate/core";
import type { FastifyRequest } from "fastify";
import type { PhoneCodes } from "../verification/phone-codes.js";
import { forgetChoice, forgetOthersChoice } from "./choice.js";
import { memberOfPhone } from "./members.js";
import { endMemberSession, type MemberAuthDeps, startMemberSession } from "./session.js";
import type { MemberStores } from "./stores.js";

export interface LoginDeps extends MemberAuthDeps {
  codes: PhoneCodes;
  stores: MemberStores;
}

/** The phone as members are kept (its 11 digits); the schema let only valid phones through. */
function memberPhone(phone: string): string {
  const canonical = canonicalPhone(phone);
  if (!canonical) throw new AppError("badRequest", "手机号格式不正确");
  return canonical;
}

/** Sends a login code (10025 where the restaurant has no member cards in this family: no free SMS relay). */
export async function sendLoginCode(
  deps: LoginDeps,
  family: MemberFamily,
  body: LoginCodeBody,
  address: string,
): Promise<PhoneCodeSent> {
  await deps.stores.at(body.rid, family);
  return deps.codes.send(body.rid, memberPhone(body.phone), "login", address);
}

/**
 * cards/login: 1418 without a code; 1416 when the phone has no live code (never sent, expired, replaced,
 * used, or its 5 tries spent); 1422 for a wrong one (a try used up); 10020 when every card the member
 * holds here is frozen. Otherwise the member token and the cards here (none: the app offers activation).
 */
export async function cardLogin(
  deps: LoginDeps,
  family: MemberFamily,
  body: CardLoginBody,
  guid: string,
): Promise<CardLoginAnswer> {
  if (body.code === "") throw new AppError("loginCodeEmpty");
  const store = await deps.stores.at(body.rid, family);
  const phone = memberPhone(body.phone);
  const checked = await deps.codes.useLoginCode(body.rid, phone, body.code);
  if (checked === "none") throw new AppError("loginCodeFailed");
  if (checked === "wrong") throw new AppError("loginCodeWrong");
  const member = await memberOfPhone(deps.db, phone);
  const cards = await store.cards({ memberId: member.id, phone, guid });
  if (cards.length > 0 && cards.every((card) => card.status === CARD_STATUS.frozen))
    throw new AppError("cardFrozen");
  await forgetOthersChoice(deps.db, guid, body.rid, member.id);
  const issued = await startMemberSession(deps.db, {
    memberId: member.id,
    guid,
    restaurantId: body.rid,
    at: deps.now(),
  });
  return { ...issued, memberId: member.id, phone, cards };
}

/**
 * members/logout: the visitor's member token here revoked (1990 from then on) and the card this browser
 * chose here forgotten, in one transaction. Without a live token of the visitor's there is nothing to
 * end, and the answer is the same: logging out is idempotent.
 */
export function memberLogout(
  deps: MemberAuthDeps,
  request: FastifyRequest,
  input: { guid: string; rid: number },
): Promise<void> {
  return deps.db.transaction(async (tx) => {
    const ended = await endMemberSession(tx, request, { ...input, at: deps.now() });
    if (ended) await forgetChoice(tx, input.guid, input.rid);
  });
}
