import type { FastifyBaseLogger } from "fastify";
import type { CartDeps } from "../cart/operate.js";
import type { ProviderRegistry } from "./providers.js";

/** What the payment service needs: the cart's (db, clock, backplane), the providers, where we are. */
export interface PaymentDeps extends CartDeps {
  providers: ProviderRegistry;
  /** this server's origin as a provider reaches it (notify URLs) */
  origin: () => string;
  log: FastifyBaseLogger;
}

/** How long an attempt may be paid; after it the reconciliation job closes it at the provider. */
export const ATTEMPT_TTL_MS = 15 * 60_000;
