import { MEMBER_CODES } from "../contract/member-paths.js";
import type { OrderPay } from "../contract/order.js";
import type { RestaurantDetail } from "../contract/restaurant.js";
import { firstOrderPaid } from "../payment/first-order.js";
import { offersMemberPrices } from "../register-offer.js";
import { isValidPhone } from "../validation.js";

/**
 * Who is a member and what a member sees (spec 000 §2, §6; 001 §2, §4, §6, §8), for the diner app's
 * member state, banner and pages: pure, so the rules are read in one place.
 */

/**
 * What a member call's refusal asks of the client (001 §8): clear the stored login (401, 1990),
 * refresh the token and try once more (405, 407, 1991, 1992), say 系统错误 (500); null: the caller's.
 */
export type MemberTokenAction = "clear" | "refresh" | "systemError" | null;

/** The codes of 001 §8's token handling: ours (MEMBER_CODES) and the spec's others, which we never send. */
export const MEMBER_TOKEN_CODES = {
  clear: [401, MEMBER_CODES.loginNeeded],
  refresh: [405, 407, MEMBER_CODES.tokenExpired, 1992],
  systemError: 500,
} as const;

export function memberTokenAction(code: number | null): MemberTokenAction {
  if (code === null) return null;
  if ((MEMBER_TOKEN_CODES.clear as readonly number[]).includes(code)) return "clear";
  if ((MEMBER_TOKEN_CODES.refresh as readonly number[]).includes(code)) return "refresh";
  if (code === MEMBER_TOKEN_CODES.systemError) return "systemError";
  return null;
}

/** A member is a diner with a valid phone and a card (001 §6). */
export function isMemberLogin(phone: string | null, cardCount: number): boolean {
  return phone !== null && isValidPhone(phone) && cardCount > 0;
}

/**
 * The current card (001 §4): the saved one while it is still among the member's cards, else the
 * first (which the caller then saves); null without cards.
 */
export function currentCardOf<T extends { id: number }>(
  cards: readonly T[],
  savedId: number | null,
): T | null {
  return cards.find((card) => card.id === savedId) ?? cards[0] ?? null;
}

/** What the member rules read of the order a prepayment diner adds to: its pays and its card. */
export type OrderCardFacts = { pays: readonly Pick<OrderPay, "paid">[]; vipId: string };

/**
 * The card an order fixed (001 §4: once its first payment lands, the card it was paid with); null
 * before then, or when it was paid without a card.
 */
export function orderFixedCardId(order: OrderCardFacts | null): number | null {
  if (!order || !firstOrderPaid(order.pays)) return null;
  const id = Number(order.vipId);
  return order.vipId !== "" && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Whether the diner sees member prices (000 §4, §6; 001 §4). In prepayment the status comes from the
 * order's card once its first payment fixed one (a tablemate's card shares its benefits), else from
 * the stored card; otherwise from the current card's vip flag. Either way the card must give member
 * prices (isVipPrice) and the register must take them (2.24.00). A tablemate's card is not among
 * this diner's: `orderCardVipPrice` says what it gives (unknown: the benefit is shared, 001 §4).
 */
export function showsMemberPrices(input: {
  restaurant: Pick<RestaurantDetail, "serverVersion">;
  prepayment: boolean;
  currentCard: { isVipPrice: boolean } | null;
  order: OrderCardFacts | null;
  /** the order's card when it is one of this diner's cards */
  orderCard?: { isVipPrice: boolean } | null;
}): boolean {
  if (!offersMemberPrices(input.restaurant)) return false;
  const fixed = input.prepayment ? orderFixedCardId(input.order) : null;
  if (fixed !== null) return input.orderCard?.isVipPrice ?? true;
  return input.currentCard?.isVipPrice ?? false;
}

/**
 * The multi-card switch (001 §2): shown with more than one card, except once prepayment's first
 * order is paid with a card (the order's card is fixed).
 */
export function showsCardSwitch(input: {
  cardCount: number;
  prepayment: boolean;
  order: OrderCardFacts | null;
}): boolean {
  if (input.cardCount < 2) return false;
  return !(input.prepayment && orderFixedCardId(input.order) !== null);
}

/** The member banner hides when the current card differs from the card the order fixed (001 §2). */
export function bannerHiddenByOrder(currentCardId: number | null, order: OrderCardFacts | null): boolean {
  const fixed = orderFixedCardId(order);
  return fixed !== null && fixed !== currentCardId;
}
