import type { Tx } from "../../db/client.js";
import { addMembership, hashAccountSecrets, insertAccount, type NewAccount } from "./accounts.js";
import { recordAudit } from "./audit.js";

/**
 * Makes an owner account for restaurants that have none to sign in with: the demo's first start
 * (one per demo restaurant) and `npm run owner` for a real installation. Each restaurant's audit log
 * records it, by the installation itself (`system`).
 */
export async function createOwner(
  tx: Tx,
  owner: NewAccount,
  restaurantIds: number[],
  passwordCost: number,
  at: Date,
): Promise<number> {
  const hashes = await hashAccountSecrets(owner, passwordCost);
  const account = await insertAccount(tx, owner, hashes, at);
  for (const restaurantId of restaurantIds) {
    await addMembership(tx, account.id, restaurantId, "owner");
    await recordAudit(tx, {
      restaurantId,
      by: { actor: "system", name: "系统" },
      action: "staff.create",
      target: `staff:${account.id}`,
      after: { login: account.login, name: account.name, role: "owner" },
    });
  }
  return account.id;
}
