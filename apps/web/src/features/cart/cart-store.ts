import { type CartLine, checkQuantity, detailId, type LineChoice, type TableOp } from "@tablemate/core";
import Big from "big.js";
import { create } from "zustand";
import { DISH_COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";
import { stockNewsState } from "../../store/menu-actions.js";
import type { AppState } from "../../store/types.js";
import type { CartSession, CartTransport, CartTransportFactory, CartVerdict } from "./cart-transport.js";
import { sameSession } from "./cart-transport.js";
import { dishOf } from "./dish-lookup.js";
import { createLocalTransport } from "./local-transport.js";
import { createSocketTransport } from "./socket-transport.js";
import { emitTableEvent } from "./table-events.js";

export interface CartState {
  /** the restaurant, cart and visitor the lines belong to; null before startup has a cart id */
  session: CartSession | null;
  lines: CartLine[];
}

/** What the UI may do to the cart: the four operations, and adding a typed quantity. */
export interface CartActions {
  add(foodId: number, choice: LineChoice): Promise<CartVerdict>;
  minus(detailId: string): Promise<CartVerdict>;
  set(detailId: string, count: string): Promise<CartVerdict>;
  clear(): Promise<CartVerdict>;
  /** adds `count` more of a choice (a typed weight): an add, then a set to the sum */
  addQuantity(foodId: number, choice: LineChoice, count: string): Promise<CartVerdict>;
  note(detailId: string, memo: string): Promise<CartVerdict>;
  setPersonNum(personNum: number): Promise<CartVerdict>;
}

let transport: CartTransport | null = null;
let unsubscribe: (() => void) | null = null;
/** The table socket when startup opened one, else this phone alone. */
const tableTransport: CartTransportFactory = (session, lookup, menu) => {
  const channel = useAppStore.getState().realtime;
  return channel
    ? createSocketTransport(session, lookup, channel, { menu })
    : createLocalTransport(session, lookup, menu);
};

let createTransport: CartTransportFactory = tableTransport;
let channelInUse: unknown = null;

function send(op: TableOp): Promise<CartVerdict> {
  if (!transport) return Promise.resolve({ ok: false, message: DISH_COPY.cartNotReady });
  return transport.send(op);
}

async function addQuantity(foodId: number, choice: LineChoice, count: string): Promise<CartVerdict> {
  const dish = dishOf(foodId);
  if (!dish) return { ok: false, message: DISH_COPY.dishMissing };
  const id = detailId(foodId, choice);
  const { lines } = useCartStore.getState();
  const current = new Big(lines.find((l) => l.detailId === id)?.count ?? 0);
  let target: Big;
  try {
    target = current.plus(count);
  } catch {
    return { ok: false, message: DISH_COPY.badQuantity };
  }
  // refused before anything is sent, so a refusal never leaves a half-made line behind
  const dishTotal = lines
    .filter((l) => l.foodId === foodId)
    .reduce((sum, l) => sum.plus(l.count), new Big(0));
  const check = checkQuantity(dish, target, dishTotal.minus(current).plus(target));
  if (!check.ok) return { ok: false, message: check.message };
  if (current.eq(0)) {
    const added = await send({ kind: "add", foodId, choice });
    if (!added.ok) return added;
  }
  const result = await send({ kind: "set", detailId: id, count: target.toString() });
  // a refused set (the minimum) takes back the line the add made
  if (!result.ok && current.eq(0)) await send({ kind: "set", detailId: id, count: "0" });
  return result;
}

export const useCartStore = create<CartState & CartActions>()(() => ({
  session: null,
  lines: [],
  add: (foodId, choice) => send({ kind: "add", foodId, choice }),
  minus: (id) => send({ kind: "minus", detailId: id }),
  set: (id, count) => send({ kind: "set", detailId: id, count }),
  clear: () => send({ kind: "clear" }),
  addQuantity,
  note: (id, memo) => send({ kind: "note", detailId: id, memo }),
  setPersonNum: async (personNum) => {
    const verdict = await send({ kind: "personNum", personNum });
    if (verdict.ok) showPersonNum(personNum);
    return verdict;
  },
}));

/** The table's diner count as the top bar and the order show it. */
function showPersonNum(personNum: number): void {
  const { table } = useAppStore.getState();
  if (table && table.personNum !== personNum) useAppStore.setState({ table: { ...table, personNum } });
}

/** The cart a started app state points at: restaurant, cart id and guid. */
export function cartSessionOf(state: Pick<AppState, "hotelid" | "cartId" | "guid">): CartSession | null {
  if (state.hotelid === null || state.cartId === null || state.guid === "") return null;
  return { hotelid: state.hotelid, cartId: state.cartId, guid: state.guid };
}

function connect(session: CartSession | null): void {
  channelInUse = useAppStore.getState().realtime;
  unsubscribe?.();
  transport?.close();
  transport = session ? createTransport(session, dishOf, () => useAppStore.getState().foods) : null;
  useCartStore.setState({ session, lines: [] });
  const stopLines = transport?.subscribe((lines) => useCartStore.setState({ lines }));
  const stopEvents = transport?.onEvent?.((event) => {
    if ("stock" in event) useAppStore.setState((state) => stockNewsState(state, event.stock));
    // every broadcast carries the table's diner count: a tablemate's change shows here too
    if ("message" in event && !event.stale) showPersonNum(event.message.cart.personNum);
    emitTableEvent(event);
  });
  unsubscribe = () => {
    stopLines?.();
    stopEvents?.();
  };
}

/**
 * Puts a transport in place for the current and every later session: the shared-cart issue passes
 * the socket's here. Tests pass their own.
 */
export function setCartTransport(factory: CartTransportFactory): void {
  createTransport = factory;
  connect(cartSessionOf(useAppStore.getState()));
}

// The cart follows the app store: a new restaurant, table cart, visitor or socket is another transport.
useAppStore.subscribe((state) => {
  const session = cartSessionOf(state);
  if (!sameSession(session, useCartStore.getState().session) || state.realtime !== channelInUse)
    connect(session);
});
connect(cartSessionOf(useAppStore.getState()));
