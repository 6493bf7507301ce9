/** The console's member views, one presenter per entity: only what the contract names leaves here. */
import {
  AWARD_TYPE,
  type ConsoleCard,
  type ConsoleCardType,
  type ConsoleOffer,
  type ConsoleRechargeRule,
  type CouponTemplateView,
  centsToMoneyText,
  type LedgerEntryView,
  MEMBER_TEXT,
  memberDayText,
  rechargeRuleText,
  spendableOf,
} from "@tablemate/core";
import type {
  discountOffers,
  memberCards,
  memberCardTypes,
  memberLedger,
  rechargeRules,
} from "../../db/schema.js";
import { type CouponTemplateRow, ruleOf } from "../member/index.js";

type CardRow = typeof memberCards.$inferSelect;
type LedgerRow = typeof memberLedger.$inferSelect;
type RuleRow = typeof rechargeRules.$inferSelect;
type CardTypeRow = typeof memberCardTypes.$inferSelect;
type OfferRow = typeof discountOffers.$inferSelect;

const yuan = centsToMoneyText;

export function presentCard(card: CardRow): ConsoleCard {
  // what core's ledger says can be spent: the balance less what open orders hold
  const spendable = spendableOf({
    principalCents: card.principalCents,
    giftCents: card.giftCents,
    points: card.points,
    holds: { open: { cents: card.heldCents, points: card.heldPoints } },
  });
  return {
    id: card.id,
    cardNum: card.cardNum,
    cardType: card.cardType,
    cardTypeName: card.cardTypeName,
    status: card.status,
    isVipPrice: card.isVipPrice,
    chargeFlag: card.chargeFlag,
    principal: yuan(card.principalCents),
    gift: yuan(card.giftCents),
    held: yuan(card.heldCents),
    spendable: yuan(spendable.cents),
    points: card.points,
    heldPoints: card.heldPoints,
    version: card.version,
    createdAt: card.createdAt.toISOString(),
  };
}

/** a ledger entry, with the staff names its actor and approver stand for (`names`: actor → name) */
export function presentLedgerEntry(row: LedgerRow, names: ReadonlyMap<string, string>): LedgerEntryView {
  return {
    seq: row.seq,
    kind: row.kind,
    principal: yuan(row.principalCents),
    gift: yuan(row.giftCents),
    points: row.points,
    principalAfter: yuan(row.principalAfter),
    giftAfter: yuan(row.giftAfter),
    pointsAfter: row.pointsAfter,
    heldAfter: yuan(row.heldCentsAfter),
    heldPointsAfter: row.heldPointsAfter,
    actor: row.actor,
    actorName: names.get(row.actor) ?? null,
    reason: row.reason,
    approver: row.approvedBy,
    approverName: row.approvedBy === null ? null : (names.get(row.approvedBy) ?? null),
    at: row.at.toISOString(),
  };
}

export function presentTemplate(
  row: CouponTemplateRow,
  dishName: string | null,
  given: number,
): CouponTemplateView {
  return {
    id: row.id,
    name: row.name,
    couponType: row.couponType,
    face: row.faceCents === null ? null : yuan(row.faceCents),
    dishId: row.dishId,
    dishName,
    minSpend: yuan(row.minSpendCents),
    validityType: row.validityType,
    effectiveTime: row.effectiveTime,
    validityDays: row.validityDays,
    startTime: row.startTime,
    endTime: row.endTime,
    openCardActivity: row.openCardActivity,
    enabled: row.enabled,
    given,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentRule(row: RuleRow): ConsoleRechargeRule {
  const percent = row.awardType === AWARD_TYPE.percent;
  return {
    id: row.id,
    rechargeMoney: yuan(row.rechargeCents),
    giftType: row.giftType,
    awardType: row.awardType,
    giftMoney: percent ? null : yuan(row.giftCents),
    giftPercent: percent ? row.giftCents : null,
    giftPoints: row.giftPoints,
    custom: row.custom,
    enabled: row.enabled,
    version: row.version,
    text: rechargeRuleText(ruleOf(row)),
  };
}

export function presentCardType(row: CardTypeRow, cards: number): ConsoleCardType {
  return {
    id: row.id,
    cardType: row.cardType,
    name: row.name,
    isVipPrice: row.isVipPrice,
    chargeFlag: row.chargeFlag,
    pointsPerYuan: row.pointsPerYuan,
    centsPerPoint: row.centsPerPoint,
    rights: row.rights,
    isDefault: row.isDefault,
    enabled: row.enabled,
    memberDay: row.memberDay && { ...row.memberDay, text: memberDayText(row.memberDay.percent) },
    cards,
    version: row.version,
  };
}

export function presentOffer(row: OfferRow): ConsoleOffer {
  return {
    id: row.id,
    threshold: yuan(row.thresholdCents),
    reduction: yuan(row.reductionCents),
    enabled: row.enabled,
    text: MEMBER_TEXT.fullReduction(row.thresholdCents, row.reductionCents),
  };
}
