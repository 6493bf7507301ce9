import { applyTableOp, type CartLine, type Dish } from "@tablemate/core";
import { loadCachedLines, pruneCartCaches, saveCachedLines } from "./cart-cache.js";
import type { CartSession, CartTransport, CartVerdict, DishLookup } from "./cart-transport.js";

/**
 * The cart on this phone alone: core's applyCartOp on the lines held here, saved to the local cache
 * after every change. It is also the fallback when the table socket is down (spec 000 §4).
 */
export function createLocalTransport(
  session: CartSession,
  dishOf: DishLookup,
  menu: () => readonly Dish[] = () => [],
  now: () => number = Date.now,
): CartTransport {
  pruneCartCaches(now());
  let lines: CartLine[] = loadCachedLines(session, now());
  const listeners = new Set<(lines: CartLine[]) => void>();

  return {
    send(op) {
      const result = applyTableOp(lines, op, dishOf, menu);
      if (!result.ok) return Promise.resolve<CartVerdict>({ ok: false, message: result.message });
      lines = result.lines;
      saveCachedLines(session, lines, now());
      for (const listener of listeners) listener(lines);
      return Promise.resolve<CartVerdict>({ ok: true });
    },
    subscribe(listener) {
      listeners.add(listener);
      listener(lines);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
    },
  };
}
