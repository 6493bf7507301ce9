import type { Config } from "../../../../config.js";
import { keptSecret } from "../../../../security/secret.js";

/**
 * The sandbox's notification secrets: SANDBOX_PAY_SECRETS (the first signs, any verifies), else one
 * generated once into DATA_DIR, as the signing secret is. Never a built-in default.
 */
export function sandboxSecrets(config: Pick<Config, "SANDBOX_PAY_SECRETS" | "DATA_DIR">): string[] {
  return config.SANDBOX_PAY_SECRETS ?? [keptSecret(config.DATA_DIR, "sandbox-pay-secret")];
}
