/**
 * The member store (issue 19), server side: members and cards, the stored-value and points ledger
 * with holds for open orders, coupons. No routes here: the member calls of both families and the
 * console's pages call these.
 */
export { cardBalance, cardLedger, type LedgerMismatch, ledgerMismatches } from "./audit.js";
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
export { type HoldRow, holdIdOf, type LedgerRow } from "./ledger.js";
export { type CardRow, type CardTerms, cardsOf, type MemberRow, memberOfPhone, openCard } from "./members.js";
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
