import type { PayProvider } from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { payMerchants } from "../../db/schema.js";
import type { PaymentProvider } from "./port.js";

/** Which provider a restaurant's payments go through, and the one an attempt was made with. */
export interface ProviderRegistry {
  /** the restaurant's configured merchant (WeChat Pay, then Alipay), else the built-in sandbox */
  forRestaurant(restaurantId: number): Promise<PaymentProvider>;
  /** the provider of that name for the restaurant (its attempts, notifications and refunds) */
  named(name: PayProvider, restaurantId: number): Promise<PaymentProvider>;
}

/** Builds a provider from a restaurant's saved merchant configuration (validated by the factory). */
export type MerchantFactory = (config: Record<string, unknown>) => PaymentProvider;

export interface ProviderFactories {
  sandbox: PaymentProvider;
  wechat?: MerchantFactory;
  alipay?: MerchantFactory;
}

const MERCHANT_ORDER = ["wechat", "alipay"] as const;

/**
 * The registry over the pay_merchants table: a restaurant with none configured has only the sandbox.
 * A configuration its factory refuses (validated when built) is logged and not used.
 */
export function providerRegistry(
  db: Db,
  factories: ProviderFactories,
  log: Pick<FastifyBaseLogger, "error">,
): ProviderRegistry {
  async function merchant(name: "wechat" | "alipay", restaurantId: number): Promise<PaymentProvider | null> {
    const factory = factories[name];
    if (!factory) return null;
    const [row] = await db
      .select()
      .from(payMerchants)
      .where(
        and(
          eq(payMerchants.restaurantId, restaurantId),
          eq(payMerchants.provider, name),
          eq(payMerchants.enabled, true),
        ),
      );
    if (!row) return null;
    try {
      return factory(row.config);
    } catch (error) {
      log.error({ err: error, restaurantId, provider: name }, "payment merchant configuration refused");
      return null;
    }
  }
  return {
    async forRestaurant(restaurantId) {
      for (const name of MERCHANT_ORDER) {
        const provider = await merchant(name, restaurantId);
        if (provider) return provider;
      }
      return factories.sandbox;
    },
    async named(name, restaurantId) {
      if (name === "sandbox") return factories.sandbox;
      const provider = await merchant(name, restaurantId);
      if (!provider) throw new Error(`no ${name} merchant configured for restaurant ${restaurantId}`);
      return provider;
    },
  };
}

/** At boot: every enabled merchant configuration built once, so a bad one is said at start. */
export async function checkMerchants(
  db: Db,
  factories: ProviderFactories,
  log: Pick<FastifyBaseLogger, "error">,
): Promise<number> {
  const rows = await db.select().from(payMerchants).where(eq(payMerchants.enabled, true));
  let refused = 0;
  for (const row of rows) {
    try {
      factories[row.provider]?.(row.config);
    } catch (error) {
      refused += 1;
      log.error(
        { err: error, restaurantId: row.restaurantId, provider: row.provider },
        "payment merchant configuration refused",
      );
    }
  }
  return refused;
}
