import type { StaffRole } from "@tablemate/core";
import type { TestApp } from "./harness.js";

/**
 * The headers a staff member of `role` at a restaurant sends. Every server test reaches staff
 * routes through this, so the way staff sign in can change without touching the tests.
 * Interim: the restaurant's static token, which acts as its owner whatever role is asked.
 */
export async function staffHeaders(
  app: TestApp,
  restaurantId: number,
  _role: StaffRole = "owner",
): Promise<Record<string, string>> {
  return { authorization: `Bearer ${app.signer.staffToken(restaurantId)}` };
}
