import { type TableOp, TIMING } from "@tablemate/core";
import { cartCacheKey } from "./cart-cache.js";
import type { CartSession } from "./cart-transport.js";

/** An operation made while the table socket was down, kept until the server has it. */
export interface PendingOp {
  opId: string;
  op: TableOp;
}

const keyOf = (session: CartSession) => `${cartCacheKey(session)}:pending`;

// The server validates every operation it is sent; here only the shape is checked, to skip junk.
function isPendingOp(value: unknown): value is PendingOp {
  if (typeof value !== "object" || value === null) return false;
  const { opId, op } = value as Record<string, unknown>;
  return typeof opId === "string" && typeof op === "object" && op !== null && "kind" in op;
}

/** Kept with the cart cache and as long (30 minutes): a reload in local mode loses nothing. */
export function loadPendingOps(session: CartSession, now: number): PendingOp[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(session)) ?? "null");
    if (typeof stored !== "object" || stored === null) return [];
    const { time, ops } = stored as Record<string, unknown>;
    if (typeof time !== "number" || now - time >= TIMING.cartCacheMs || !Array.isArray(ops)) return [];
    return ops.filter(isPendingOp);
  } catch {
    return [];
  }
}

export function savePendingOps(session: CartSession, ops: readonly PendingOp[], now: number): void {
  try {
    if (ops.length === 0) localStorage.removeItem(keyOf(session));
    else localStorage.setItem(keyOf(session), JSON.stringify({ time: now, ops }));
  } catch {
    // storage off or full: the operations live for this page only
  }
}
