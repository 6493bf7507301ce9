import type { BaseDeps } from "../../deps.js";
import { cartTopic } from "../../realtime/hub.js";
import { publishStaff } from "../../realtime/staff-topics.js";
import { commitTableOp, type OpInput, type OpOutcome } from "./operations.js";

/** Applies an operation, then (committed) tells every tablemate on every process. */
export async function operate(deps: BaseDeps, input: OpInput): Promise<OpOutcome> {
  const outcome = await commitTableOp(deps.db, input, deps.now());
  if (outcome.message) await deps.backplane.publish(cartTopic(input.cartId), JSON.stringify(outcome.message));
  if (outcome.floor) {
    const { restaurantId, tableId } = outcome.floor;
    await publishStaff(deps.backplane, restaurantId, "floor", { type: "table", tableId, change: "cart" });
  }
  return outcome;
}
