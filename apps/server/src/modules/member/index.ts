/**
 * The member store (issue 19), server side: members and cards, the stored-value and points ledger
 * with holds for open orders, coupons, recharges paid through the payment port (recharge.ts; its
 * routes in recharge-routes.ts); and what other modules ask of the member calls (routes.ts): who the
 * logged-in member is (requireMember, optionalMember), whether a card is theirs and usable here
 * (ownCard), the card a visitor chose (chosenCardId).
 */
export { type MemberRestaurant, memberRestaurant, ownCard } from "./access.js";
export { cardBalance, cardLedger, type LedgerMismatch, ledgerMismatches } from "./audit.js";
export { chosenCardId } from "./choice.js";
export {
  type CouponRow,
  type CouponTemplateInput,
  type CouponTemplateRow,
  cardCoupons,
  createCouponTemplate,
  giveCoupon,
  heldCoupon,
  lockCoupon,
  returnOrderCoupons,
  useCoupon,
} from "./coupons.js";
export { type Alongside, type HoldRow, holdIdOf, type LedgerRow } from "./ledger.js";
export { type CardRow, type CardTerms, cardsOf, type MemberRow, memberOfPhone, openCard } from "./members.js";
export { ruleOf } from "./present.js";
export {
  postPaidRecharge,
  type RechargeAsk,
  type RechargeRow,
  rechargeView,
  reconcileRecharges,
  refundRecharge,
  startRecharge,
} from "./recharge.js";
export {
  MEMBER_SESSION,
  type MemberAuthDeps,
  type MemberPrincipal,
  optionalMember,
  requireMember,
} from "./session.js";
export {
  adjustBalance,
  captureHold,
  earnPoints,
  type HoldOutcome,
  holdForOrder,
  type PlainEntry,
  type Posted,
  postEntry,
  type ReleaseWhy,
  type Reversed,
  rechargePaid,
  refundPrincipal,
  releaseExpiredHolds,
  releaseHold,
  releaseOrderHolds,
  restoreSpend,
  reversePointsForRefund,
  spendStoredValue,
} from "./stored-value.js";
