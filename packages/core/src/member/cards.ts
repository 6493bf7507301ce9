import { MEMBER_PRIVILEGES, type MemberPrivilegeKey } from "../contract/member.js";
import { canonicalPhone } from "../validation.js";
import type { LedgerEntry } from "./ledger.js";

/**
 * What a frozen card (CARD_STATUS.frozen; 10020) refuses: new uses of its money and points, a hold for an order and a spend no
 * hold set aside. What settles the past goes on, or money would be lost: a hold taken before the
 * freeze is still captured by its order's payment or released, a recharge already paid is credited,
 * points earned and reversed, unspent principal refunded, a manager's adjustment posted.
 */
export function frozenCardRefuses(entry: LedgerEntry): boolean {
  return entry.kind === "hold" || (entry.kind === "spend" && entry.holdId === undefined);
}

/** The 8 privileges (001 §3) in words, as the card pages and the console show them. */
export const MEMBER_PRIVILEGE_TEXT: Readonly<Record<MemberPrivilegeKey, string>> = {
  memberPrice: "会员价",
  consumePoints: "消费积分",
  exclusiveDiscount: "专属折扣",
  rechargeGift: "充值赠送",
  more: "更多权益",
  storedValue: "储值",
  pointsDeduction: "积分抵扣",
  memberDay: "会员日",
};

/** A privilege's words by its id (1-8), in MEMBER_PRIVILEGES' order; null for no such id. */
export function privilegeText(id: number): string | null {
  const privilege = MEMBER_PRIVILEGES.find((p) => p.id === id);
  return privilege ? MEMBER_PRIVILEGE_TEXT[privilege.key] : null;
}

/** a card number as openCard draws them: the restaurant's id then 10 digits; older systems' are digits too */
const CARD_NUM_PATTERN = /^\d{6,24}$/;

/**
 * What a staff member's lookup text can name: a phone (canonicalPhone: its 11 digits) and a card
 * number. One text may be both (restaurant 1's card numbers are 11 digits starting with 1, as phones
 * are), so both are answered and the lookup tries each. Null when it is neither.
 */
export function memberLookupKeys(text: string): { phone: string | null; cardNum: string | null } | null {
  const trimmed = text.trim().replace(/[\s-]/g, "");
  const phone = canonicalPhone(trimmed);
  const cardNum = CARD_NUM_PATTERN.test(trimmed) ? trimmed : null;
  return phone === null && cardNum === null ? null : { phone, cardNum };
}
