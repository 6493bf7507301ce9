import { expect } from "vitest";
import type { CreateAttemptInput } from "../../../src/modules/payment/port.js";

/** What the provider's own attempts say: its channel, notify and return URLs, and what the payer sees. */
type OwnParts = Pick<
  CreateAttemptInput,
  "description" | "notifyUrl" | "returnUrl" | "channel" | "payerOpenId"
>;

/**
 * The attempts an adapter test opens at a provider's fake: 川味小馆's ¥12.30 for 15 minutes with the
 * provider's `own` parts, each with its own trade number (`prefix` and a count) and idempotency key.
 */
export function attemptsFor(
  prefix: string,
  own: OwnParts,
): (overrides?: Partial<CreateAttemptInput>) => CreateAttemptInput {
  let seq = 0;
  return (overrides = {}) => {
    seq += 1;
    return {
      restaurantId: 1,
      restaurantName: "川味小馆",
      tradeNo: `${prefix}${Date.now()}${seq}`,
      amountCents: 1230,
      clientIp: "203.0.113.7",
      expiresAt: new Date(Date.now() + 15 * 60_000),
      idempotencyKey: `key-${seq}-abcdef`,
      ...own,
      ...overrides,
    };
  };
}

/** What `promise` was refused with; undefined where it resolved. */
export function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

/** What `promise` was refused with, which must be a `type`. */
export async function rejectedWith<T>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => T,
): Promise<T> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(type);
  return error as T;
}
