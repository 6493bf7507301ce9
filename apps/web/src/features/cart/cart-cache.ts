import { type CartLine, parseDetailId, TIMING } from "@tablemate/core";
import type { CartSession } from "./cart-transport.js";

/**
 * The local cart cache (spec 000 §3, §9): keyed by restaurant, cart id and guid, kept with the
 * restaurant and the time, valid under 30 minutes and only for the same restaurant. Lines are kept
 * as detail id, count and memo: the detail id carries the whole choice (core parseDetailId).
 */
export const CART_CACHE_PREFIX = "tablemate.cart:";

interface CachedCart {
  hotelid: number;
  time: number;
  lines: Array<[detailId: string, count: string, memo: string]>;
}

const COUNT = /^\d+(\.\d+)?$/;

export function cartCacheKey(session: CartSession): string {
  return `${CART_CACHE_PREFIX}${session.hotelid}:${session.cartId}:${session.guid}`;
}

// Storage can be disabled (private mode) or full: the cart then lives for this page only.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // nothing to do: see above
  }
}

function isCachedCart(value: unknown): value is CachedCart {
  if (typeof value !== "object" || value === null) return false;
  const { hotelid, time, lines } = value as Record<string, unknown>;
  return typeof hotelid === "number" && typeof time === "number" && Array.isArray(lines);
}

function toLine(entry: unknown): CartLine[] {
  if (!Array.isArray(entry)) return [];
  const [detailId, count, memo] = entry;
  if (typeof detailId !== "string" || typeof count !== "string" || !COUNT.test(count)) return [];
  const parsed = parseDetailId(detailId);
  return parsed ? [{ ...parsed, detailId, count, memo: typeof memo === "string" ? memo : "" }] : [];
}

function parse(raw: string | null): CachedCart | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isCachedCart(value) ? value : null;
  } catch {
    return null;
  }
}

const isFresh = (cart: CachedCart, hotelid: number, now: number) =>
  cart.hotelid === hotelid && now - cart.time < TIMING.cartCacheMs;

/** The cached lines of this session's cart; an expired or foreign entry is removed and gives none. */
export function loadCachedLines(session: CartSession, now: number): CartLine[] {
  const key = cartCacheKey(session);
  const cart = parse(read(key));
  if (!cart) return [];
  if (!isFresh(cart, session.hotelid, now)) {
    write(key, null);
    return [];
  }
  return cart.lines.flatMap(toLine);
}

export function saveCachedLines(session: CartSession, lines: readonly CartLine[], now: number): void {
  if (lines.length === 0) {
    write(cartCacheKey(session), null);
    return;
  }
  const cart: CachedCart = {
    hotelid: session.hotelid,
    time: now,
    lines: lines.map((l) => [l.detailId, l.count, l.memo]),
  };
  write(cartCacheKey(session), JSON.stringify(cart));
}

/** Drops every expired cart cache, so carts of past visits do not pile up in the phone's storage. */
export function pruneCartCaches(now: number): void {
  let keys: string[] = [];
  try {
    keys = Object.keys(localStorage).filter((key) => key.startsWith(CART_CACHE_PREFIX));
  } catch {
    return;
  }
  for (const key of keys) {
    const cart = parse(read(key));
    if (!cart || now - cart.time >= TIMING.cartCacheMs) write(key, null);
  }
}
