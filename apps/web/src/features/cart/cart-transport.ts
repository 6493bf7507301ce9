import type { CartLine, Dish, TableOp } from "@tablemate/core";
import type { TableEvent } from "./socket-transport.js";

/** Whose cart: one restaurant's table cart, as this visitor sees it. */
export interface CartSession {
  hotelid: number;
  cartId: number;
  guid: string;
}

/** The answer to one operation: taken, or refused with a message to show the diner. */
export type CartVerdict = { ok: true } | { ok: false; message: string };

export type DishLookup = (foodId: number) => Dish | undefined;

/**
 * Where cart operations go and where the cart's lines come from. The store and the UI only see this,
 * so the shared cart over the table socket replaces the local implementation and nothing else.
 */
export interface CartTransport {
  /** applies one operation; the new lines arrive through subscribe, the verdict here */
  send(op: TableOp): Promise<CartVerdict>;
  /** called at once with the lines held now, then on every change (own, or later tablemates') */
  subscribe(listener: (lines: CartLine[]) => void): () => void;
  /** tablemates' changes, where there are tablemates (the shared cart) */
  onEvent?(listener: (event: TableEvent) => void): () => void;
  close(): void;
}

export type CartTransportFactory = (
  session: CartSession,
  dishOf: DishLookup,
  menu: () => readonly Dish[],
) => CartTransport;

export function sameSession(a: CartSession | null, b: CartSession | null): boolean {
  return a?.hotelid === b?.hotelid && a?.cartId === b?.cartId && a?.guid === b?.guid;
}
