import {
  type CartLine,
  detailId,
  fixStockShortage,
  periodNames,
  removeShortAdditions,
  type Shortage,
} from "@tablemate/core";
import { COPY } from "../../copy.js";
import { saveCachedLines } from "../cart/cart-cache.js";
import { useCartStore } from "../cart/cart-store.js";
import { dishOf } from "../cart/dish-lookup.js";
import { SUBMIT_COPY } from "./checkout-copy.js";

/**
 * Changes the cart after the server or the period check refused some of it, through the cart's
 * own actions so tablemates see the same cart; each returns what to tell the diner.
 */
const cart = () => useCartStore.getState();

/** Dishes out of their sale period leave the cart (spec 000 §4). */
export async function removeExpired(foodIds: readonly number[]): Promise<string> {
  const gone = new Set(foodIds);
  for (const line of cart().lines.filter((l) => gone.has(l.foodId))) await cart().set(line.detailId, "0");
  const names = [...gone].map((id) => dishOf(id)?.name ?? "").filter(Boolean);
  return SUBMIT_COPY.periodExpired(periodNames(names));
}

/**
 * 2000: short dishes are removed (none left, or a combo), told in one message naming them all, or
 * cut to what is left, each told with what is left.
 */
export async function fixShortDishes(shortages: readonly Shortage[]): Promise<string> {
  const { counts, fixes } = fixStockShortage(cart().lines, shortages);
  for (const { detailId: id, count } of counts) await cart().set(id, count);
  const removed = fixes.filter((fix) => fix.kind !== "reduced").map((fix) => fix.name);
  const reduced = fixes.flatMap((fix) =>
    fix.kind === "reduced" ? [SUBMIT_COPY.onlyLeft(fix.name, fix.left)] : [],
  );
  const cleared = removed.length > 0 ? [SUBMIT_COPY.stockCleared(removed.join(COPY.listSeparator))] : [];
  return [...cleared, ...reduced].join(SUBMIT_COPY.fixSeparator);
}

/** 3000: the short add-ons are taken out of the lines, which keep their count and note. */
export async function fixShortAdditions(shortages: readonly Shortage[]): Promise<string> {
  for (const remake of removeShortAdditions(cart().lines, shortages)) {
    await cart().set(remake.removeDetailId, "0");
    await cart().addQuantity(remake.foodId, remake.choice, remake.count);
    if (remake.memo) await cart().note(detailId(remake.foodId, remake.choice), remake.memo);
  }
  const [only] = shortages;
  return shortages.length === 1 && only
    ? SUBMIT_COPY.additionLeft(only.name, only.left)
    : SUBMIT_COPY.additionsRemoved(shortages.map((s) => s.name).join(COPY.listSeparator));
}

/**
 * After an order is in, the server has emptied the table's cart; this phone's copy goes too (the
 * cache, and the lines of a cart kept here while the socket was down).
 */
export async function clearOrderedCart(localCart: boolean): Promise<void> {
  const { session } = cart();
  if (session) saveCachedLines(session, [] satisfies CartLine[], Date.now());
  // over the socket the server's own broadcast empties the cart; a clear from here would tell
  // tablemates "您的同伴已清空购物车"
  if (localCart) await cart().clear();
}
