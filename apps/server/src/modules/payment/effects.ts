import type { WordOutcome } from "./apply.js";
import type { PaymentDeps } from "./deps.js";
import { sendRefunds } from "./refunds.js";

/**
 * After a word was applied and committed: the refunds it recorded go to the provider, then a paid
 * intent's effects run through the hook buildApp registered (settlement/paid-effects.ts).
 */
export async function afterPayment(deps: PaymentDeps, outcome: WordOutcome): Promise<void> {
  if (outcome.outcome !== "applied") return;
  await sendRefunds(deps, outcome.refunds);
  if (outcome.paidIntent) await deps.hooks.paid(deps, outcome.paidIntent, outcome.paidOrder ?? null);
}

/** Effects still running after their answer went out, by database (every deps spread from one shares it). */
const underWay = new WeakMap<object, Set<Promise<void>>>();

/** Keeps an effect that runs after its answer (it must not fail: the caller catches and logs) until done. */
export function trackEffect(deps: Pick<PaymentDeps, "db">, effect: Promise<void>): void {
  let running = underWay.get(deps.db);
  if (!running) {
    running = new Set();
    underWay.set(deps.db, running);
  }
  const set = running;
  set.add(effect);
  void effect.finally(() => set.delete(effect));
}

/** Resolves once the effects under way (and any they started meanwhile) are done: shutdown, tests. */
export async function effectsSettled(deps: Pick<PaymentDeps, "db">): Promise<void> {
  const running = underWay.get(deps.db);
  while (running && running.size > 0) await Promise.all([...running]);
}
