import type { FastifyBaseLogger } from "fastify";
import type { orders, payIntents } from "../../db/schema.js";
import type { BaseDeps } from "../../deps.js";
import type { ProviderRegistry } from "./providers.js";

/** What announcing a paid order intent needs of its order (read in the paying statement when it can be). */
export type PaidOrder = Pick<
  typeof orders.$inferSelect,
  "id" | "cartId" | "restaurantId" | "tableId" | "status"
>;

/** What the reconciliation pass found of the rounds run through its hook. */
export interface HookedRounds {
  /** recharges posted after their paid word, and closed unpaid */
  recharges: { posted: number; closed: number };
  /** member intents whose payment expired (their money given back), and paid ones whose effects were done now */
  memberExpired: number;
  memberSettled: number;
}

/**
 * How the money machine reaches what paying means (settlement, member money), registered by buildApp:
 * payment/ imports nothing above it.
 */
export interface PaymentHooks {
  /** after a paid word's commit and its refunds' sending: a paid intent's effects (settlement/paid-effects.ts) */
  paid(deps: PaymentDeps, intent: typeof payIntents.$inferSelect, order: PaidOrder | null): Promise<void>;
  /** reconciliation's rounds after the attempts': recharges, member intents expired or left unsettled */
  reconcile(deps: PaymentDeps, now: Date, batch: number): Promise<HookedRounds>;
}

/** What the payment service needs: the base (db, clock, backplane), the providers, where we are, its hooks. */
export interface PaymentDeps extends BaseDeps {
  providers: ProviderRegistry;
  /** this server's origin as a provider reaches it (notify URLs) */
  origin: () => string;
  log: FastifyBaseLogger;
  hooks: PaymentHooks;
}

/** How long an attempt may be paid; after it the reconciliation job closes it at the provider. */
export const ATTEMPT_TTL_MS = 15 * 60_000;
