import type { Db } from "../../db/client.js";
import { type Backplane, cartTopic } from "../../realtime/hub.js";
import { publishStaff } from "../../realtime/staff-topics.js";
import type { RefundRow } from "../payment/refunds.js";
import { commitTableOp, type OpInput, type OpOutcome } from "./operations.js";

export interface CartDeps {
  db: Db;
  backplane: Backplane;
  now: () => Date;
  /** sends refunds a cancel recorded to their provider, after commit (absent: no payment providers) */
  sendRefunds?: (refunds: readonly RefundRow[]) => Promise<void>;
}

/** Applies an operation, then (committed) tells every tablemate on every process. */
export async function operate(deps: CartDeps, input: OpInput): Promise<OpOutcome> {
  const outcome = await commitTableOp(deps.db, input, deps.now());
  if (outcome.message) await deps.backplane.publish(cartTopic(input.cartId), JSON.stringify(outcome.message));
  if (outcome.floor) {
    const { restaurantId, tableId } = outcome.floor;
    await publishStaff(deps.backplane, restaurantId, "floor", { type: "table", tableId, change: "cart" });
  }
  return outcome;
}
