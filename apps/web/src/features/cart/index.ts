/**
 * The cart feature's public face: the bottom cart bar for pages; the store and its transport for
 * whoever replaces the local cart (the shared cart over the table socket).
 */
export { CartBar } from "./CartBar.js";
export {
  type CartActions,
  type CartState,
  cartSessionOf,
  setCartTransport,
  useCartStore,
} from "./cart-store.js";
export type {
  CartSession,
  CartTransport,
  CartTransportFactory,
  CartVerdict,
  DishLookup,
} from "./cart-transport.js";
export { createLocalTransport } from "./local-transport.js";
