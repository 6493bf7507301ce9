import { ORDER_STATUS } from "../contract/order.js";
import type { ErrorKey } from "../errors.js";
import { isSettled } from "../order-status.js";

/**
 * What a line must be for staff to void it (退菜, issue 17): its order still open (neither cancelled
 * nor settled), the line neither voided already nor given free, not the order's last live line (the
 * order is cancelled instead), no money in for the order (a paid order is cancelled and refunded, not
 * voided line by line) and no diner holding or having paid a share of it on the table's bill. The
 * refusal is an ERRORS key; null: it may be voided.
 */
export interface LineVoidFacts {
  orderStatus: number;
  voided: boolean;
  comped: boolean;
  /** the order's lines not voided, this one included */
  liveLines: number;
  /** money has come in for the order's group */
  orderPaid: boolean;
  /** a diner holds or has paid a share of the line on the table's bill */
  claimed: boolean;
}

export function lineVoidRefusal(facts: LineVoidFacts): ErrorKey | null {
  if (facts.orderStatus === ORDER_STATUS.cancelled || isSettled(facts.orderStatus)) return "orderMoveRefused";
  if (facts.voided) return "lineVoided";
  if (facts.comped) return "lineComped";
  if (facts.liveLines <= 1) return "lastLineVoid";
  if (facts.orderPaid) return "voidPaidOrder";
  if (facts.claimed) return "lineClaimed";
  return null;
}
