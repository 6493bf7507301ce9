import Big from "big.js";
import type { PayProvider } from "../contract/payment.js";
import { assertCents } from "../payment/cents.js";
import { type PayRefusal, refuse } from "../payment/refusal.js";
import type { LedgerEntry } from "./ledger.js";
import { MEMBER_TEXT } from "./text.js";

/**
 * Recharge rules (spec 001 §3 recharge rule, §5 sorted by rechargeMoney ascending, §9 gift and award
 * types). Money is integer cents.
 *
 * - giftType 1, threshold: a recharge of at least rechargeMoney gets the rule's gift, once.
 * - giftType 2, per multiple: the gift once per whole rechargeMoney in the recharge
 *   (gift × floor(recharge / rechargeMoney)); gift points likewise.
 * - awardType 1 (the default): giftMoney is cents of stored value. The spec names the alternative, a
 *   percentage, without its code: Tablemate gives it 2, and giftMoney is then a whole percent of the
 *   money the rule counts (the whole recharge for a threshold rule, the whole multiples for a
 *   per-multiple one), half-up to a cent.
 * - giftPoints: points given with the gift, whatever the award type.
 *
 * Rules do not stack: of the rules a recharge reaches, the one that gives the most stored value, then
 * the most points, then the higher amount. With tiers set the usual way (a bigger recharge, a bigger
 * gift) that is simply the highest tier reached; it also keeps a per-multiple rule from losing to a
 * threshold rule that gives less.
 */
export const GIFT_TYPE = { threshold: 1, perMultiple: 2 } as const;
export const AWARD_TYPE = { cents: 1, percent: 2 } as const;

export interface RechargeRule {
  ruleId: string;
  /** cents */
  rechargeMoney: number;
  /** cents (awardType 1) or a whole percent (awardType 2) */
  giftMoney: number;
  giftPoints: number;
  giftType: (typeof GIFT_TYPE)[keyof typeof GIFT_TYPE];
  awardType?: (typeof AWARD_TYPE)[keyof typeof AWARD_TYPE];
  /** the custom option: the diner may type an amount (the rules still decide its gift) */
  custom?: boolean;
}

export interface RechargeGift {
  /** the rule that gives it, null when the recharge reaches none */
  ruleId: string | null;
  giftCents: number;
  giftPoints: number;
  /** how many times a per-multiple rule counted (1 for a threshold rule, 0 for none) */
  multiples: number;
}

function checkRule(rule: RechargeRule): void {
  assertCents(rule.rechargeMoney, `rule ${rule.ruleId} rechargeMoney`);
  if (rule.rechargeMoney === 0) throw new RangeError(`rule ${rule.ruleId} has no recharge amount`);
  assertCents(rule.giftMoney, `rule ${rule.ruleId} giftMoney`);
  assertCents(rule.giftPoints, `rule ${rule.ruleId} giftPoints`);
}

/** A rule as the rules call answers it (contract member.ts's rechargeRuleSchema), as the rules here take it. */
export function ruleOfView(view: {
  ruleId: number;
  rechargeMoney: number;
  giftMoney: number;
  giftPoints: number;
  giftType: number;
  awardType: number;
  custom: boolean;
}): RechargeRule {
  return {
    ruleId: String(view.ruleId),
    rechargeMoney: view.rechargeMoney,
    giftMoney: view.giftMoney,
    giftPoints: view.giftPoints,
    giftType: view.giftType === GIFT_TYPE.perMultiple ? GIFT_TYPE.perMultiple : GIFT_TYPE.threshold,
    awardType: view.awardType === AWARD_TYPE.percent ? AWARD_TYPE.percent : AWARD_TYPE.cents,
    custom: view.custom,
  };
}

/** The rules as the recharge page lists them: by rechargeMoney ascending (001 §5), a stable sort. */
export function sortRechargeRules<T extends Pick<RechargeRule, "rechargeMoney">>(rules: readonly T[]): T[] {
  return [...rules].sort((a, b) => a.rechargeMoney - b.rechargeMoney);
}

/** What one rule gives a recharge of `rechargeCents` (nothing when the recharge is below its amount). */
export function ruleGift(rule: RechargeRule, rechargeCents: number): RechargeGift {
  checkRule(rule);
  assertCents(rechargeCents, "recharge");
  const multiples =
    rechargeCents < rule.rechargeMoney
      ? 0
      : rule.giftType === GIFT_TYPE.perMultiple
        ? Math.floor(rechargeCents / rule.rechargeMoney)
        : 1;
  if (multiples === 0) return { ruleId: null, giftCents: 0, giftPoints: 0, multiples: 0 };
  const counted = rule.giftType === GIFT_TYPE.perMultiple ? rule.rechargeMoney * multiples : rechargeCents;
  const giftCents =
    (rule.awardType ?? AWARD_TYPE.cents) === AWARD_TYPE.percent
      ? new Big(counted).times(rule.giftMoney).div(100).round(0, Big.roundHalfUp).toNumber()
      : rule.giftMoney * multiples;
  return { ruleId: rule.ruleId, giftCents, giftPoints: rule.giftPoints * multiples, multiples };
}

/** The gift a recharge gets: the best single rule it reaches (see above), or nothing. */
export function rechargeGift(rules: readonly RechargeRule[], rechargeCents: number): RechargeGift {
  let best: RechargeGift = { ruleId: null, giftCents: 0, giftPoints: 0, multiples: 0 };
  let bestAmount = -1;
  for (const rule of rules) {
    const gift = ruleGift(rule, rechargeCents);
    if (gift.ruleId === null) continue;
    const better =
      gift.giftCents !== best.giftCents
        ? gift.giftCents > best.giftCents
        : gift.giftPoints !== best.giftPoints
          ? gift.giftPoints > best.giftPoints
          : rule.rechargeMoney > bestAmount;
    if (better) {
      best = gift;
      bestAmount = rule.rechargeMoney;
    }
  }
  return best;
}

/** A rule in words, as announcements and the recharge page say it: 充500送50, 每充100送10, 充500送10%+200积分, 充200 (no gift). */
export function rechargeRuleText(rule: RechargeRule): string {
  const money =
    rule.giftMoney === 0
      ? ""
      : (rule.awardType ?? AWARD_TYPE.cents) === AWARD_TYPE.percent
        ? MEMBER_TEXT.giftPercent(rule.giftMoney)
        : new Big(rule.giftMoney).div(100).toString();
  const points = rule.giftPoints > 0 ? MEMBER_TEXT.giftPoints(rule.giftPoints) : "";
  const gift = [money, points].filter((p) => p !== "").join("+");
  if (gift === "") return MEMBER_TEXT.rechargeNoGift(rule.rechargeMoney);
  return rule.giftType === GIFT_TYPE.perMultiple
    ? MEMBER_TEXT.rechargeOfferPerMultiple(rule.rechargeMoney, gift)
    : MEMBER_TEXT.rechargeOffer(rule.rechargeMoney, gift);
}

/**
 * A fixed amount's tile on the recharge page: the gift a recharge of exactly `rechargeCents` will get
 * by all the rules (rechargeGift, as the server credits it), in yuan and points: 充200送30 where a
 * per-multiple rule beats the tile's own 充200送10, 充500送50 for a 10% award, 充200 without a gift.
 */
export function rechargeAmountText(rules: readonly RechargeRule[], rechargeCents: number): string {
  const gift = rechargeGift(rules, rechargeCents);
  const money = gift.giftCents > 0 ? new Big(gift.giftCents).div(100).toString() : "";
  const points = gift.giftPoints > 0 ? MEMBER_TEXT.giftPoints(gift.giftPoints) : "";
  const words = [money, points].filter((p) => p !== "").join("+");
  return words === ""
    ? MEMBER_TEXT.rechargeNoGift(rechargeCents)
    : MEMBER_TEXT.rechargeOffer(rechargeCents, words);
}

/**
 * The ledger entries a paid recharge makes: the principal, and its gift when there is one. Written
 * once, on the verified payment notification (the server keys them by the payment, so a repeated
 * notification writes nothing).
 */
export function rechargeEntries(rules: readonly RechargeRule[], rechargeCents: number): LedgerEntry[] {
  assertCents(rechargeCents, "recharge");
  if (rechargeCents === 0) throw new RangeError("a recharge of nothing");
  const gift = rechargeGift(rules, rechargeCents);
  const entries: LedgerEntry[] = [{ kind: "recharge", cents: rechargeCents }];
  if (gift.giftCents > 0 || gift.giftPoints > 0)
    entries.push({ kind: "gift", cents: gift.giftCents, points: gift.giftPoints });
  return entries;
}

/**
 * Which rule lets a recharge of `rechargeCents` be made (001 §3 recharge rule, its custom option): a
 * rule of exactly that amount, or a custom rule whose amount it reaches (the diner typed it; the
 * highest such rule). `ruleId`, when the page names the rule tapped, must be one that allows it. The
 * rules are the restaurant's enabled ones; the gift is rechargeGift's, whichever rule allowed it.
 */
export function checkRechargeAmount<T extends Pick<RechargeRule, "ruleId" | "rechargeMoney" | "custom">>(
  rules: readonly T[],
  rechargeCents: number,
  ruleId?: string,
): { ok: true; rule: T } | PayRefusal {
  assertCents(rechargeCents, "recharge");
  const named = ruleId === undefined ? rules : rules.filter((r) => r.ruleId === ruleId);
  if (named.length === 0) return refuse("rechargeAmountInvalid", MEMBER_TEXT.rechargeRuleGone);
  const exact = named.find((r) => r.rechargeMoney === rechargeCents);
  if (exact) return { ok: true, rule: exact };
  const custom = sortRechargeRules(named.filter((r) => r.custom === true));
  const reached = custom.filter((r) => r.rechargeMoney <= rechargeCents).at(-1);
  if (reached) return { ok: true, rule: reached };
  const lowest = custom[0];
  return lowest
    ? refuse("rechargeAmountInvalid", MEMBER_TEXT.rechargeBelowCustom(lowest.rechargeMoney))
    : refuse("rechargeAmountInvalid");
}

/** How far a recharge request's timestamp may be from the server's clock (paySign's window). */
export const PAY_SIGN_WINDOW_MS = 5 * 60_000;

/**
 * Whether a signed recharge request is recent enough to take (either side of the server's clock by
 * PAY_SIGN_WINDOW_MS at most): an old signed request, replayed later, starts nothing.
 */
export function paySignFresh(timestampMs: number, nowMs: number): boolean {
  return Number.isFinite(timestampMs) && Math.abs(nowMs - timestampMs) <= PAY_SIGN_WINDOW_MS;
}

/**
 * What may pay for a recharge: a payment provider, never the stored value being topped up (paying
 * a wallet with itself only moves money while the gift is real: odoo#273419).
 */
export function checkRechargeSource(source: PayProvider | "storedValue"): { ok: true } | PayRefusal {
  return source === "storedValue" ? refuse("rechargeWithStoredValue") : { ok: true };
}
