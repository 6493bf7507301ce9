import {
  detailId,
  EMPTY_CHOICE,
  MSG,
  type StockMessage,
  type TableOp,
  TIMING,
  TOO_MANY_MESSAGE,
} from "@tablemate/core";
import { describe, expect, it } from "vitest";
import { CART_CACHE_PREFIX, cartCacheKey } from "../src/features/cart/cart-cache.js";
import { type CartTransport, setCartTransport, useCartStore } from "../src/features/cart/index.js";
import { createLocalTransport } from "../src/features/cart/local-transport.js";
import type { TableEvent } from "../src/features/cart/socket-transport.js";
import { useAppStore } from "../src/store/app-store.js";
import { BUNS, CROAKER, CUCUMBER, FISH, MANGO, startedStore } from "./dish-fixtures.js";
import { CART_ID, GUID, HOTEL_ID } from "./fixtures.js";

const SESSION = { hotelid: HOTEL_ID, cartId: CART_ID.value, guid: GUID };
const cart = () => useCartStore.getState();
const plain = (foodId: number) => detailId(foodId, EMPTY_CHOICE);
const counts = () => Object.fromEntries(cart().lines.map((line) => [line.detailId, line.count]));

describe("the local cart", () => {
  it("follows the app store's restaurant, cart id and guid, and applies core's rules", async () => {
    expect(cart().session).toBeNull();
    expect(await cart().add(CUCUMBER.dishesId, EMPTY_CHOICE)).toEqual({
      ok: false,
      message: "购物车尚未就绪，请稍后再试",
    });
    startedStore();
    expect(cart().session).toEqual(SESSION);

    await cart().add(BUNS.dishesId, EMPTY_CHOICE);
    expect(counts()).toEqual({ [plain(BUNS.dishesId)]: "2" });
    await cart().add(BUNS.dishesId, EMPTY_CHOICE);
    expect(counts()).toEqual({ [plain(BUNS.dishesId)]: "4" });
    await cart().minus(plain(BUNS.dishesId));
    await cart().minus(plain(BUNS.dishesId));
    expect(cart().lines).toEqual([]);

    await cart().add(MANGO.dishesId, EMPTY_CHOICE);
    await cart().add(MANGO.dishesId, EMPTY_CHOICE);
    expect(await cart().add(MANGO.dishesId, EMPTY_CHOICE)).toEqual({ ok: false, message: "杨枝甘露仅剩2份" });
    expect(await cart().set(plain(MANGO.dishesId), "1")).toEqual({ ok: true });
    expect(counts()).toEqual({ [plain(MANGO.dishesId)]: "1" });
    expect(await cart().clear()).toEqual({ ok: true });
    expect(cart().lines).toEqual([]);
  });

  it("adds a typed quantity: a weighed dish's decimal weight, refused whole when too much", async () => {
    startedStore();
    expect(await cart().addQuantity(CROAKER.dishesId, EMPTY_CHOICE, "1.35")).toEqual({ ok: true });
    expect(counts()).toEqual({ [plain(CROAKER.dishesId)]: "1.35" });
    await cart().addQuantity(CROAKER.dishesId, EMPTY_CHOICE, "0.5");
    expect(counts()).toEqual({ [plain(CROAKER.dishesId)]: "1.85" });
    expect(await cart().addQuantity(CUCUMBER.dishesId, EMPTY_CHOICE, "1000")).toEqual({
      ok: false,
      message: TOO_MANY_MESSAGE,
    });
    // a count below the minimum is refused, and the line the add made is taken back
    expect(await cart().addQuantity(BUNS.dishesId, EMPTY_CHOICE, "1")).toEqual({
      ok: false,
      message: "2个起售",
    });
    expect(Object.keys(counts())).toEqual([plain(CROAKER.dishesId)]);
  });

  it("is kept in localStorage under the cart id, restaurant and guid, with the restaurant and the time", async () => {
    startedStore();
    await cart().add(CUCUMBER.dishesId, EMPTY_CHOICE);
    const key = cartCacheKey(SESSION);
    expect(key).toBe(`${CART_CACHE_PREFIX}${HOTEL_ID}:${CART_ID.value}:${GUID}`);
    const saved = JSON.parse(localStorage.getItem(key) ?? "null");
    expect(saved.hotelid).toBe(HOTEL_ID);
    expect(Date.now() - saved.time).toBeLessThan(5_000);
    expect(saved.lines).toEqual([[plain(CUCUMBER.dishesId), "1", ""]]);
    await cart().clear();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it("comes back after a reload within 30 minutes, with every choice", async () => {
    startedStore();
    const choice = { normId: 1101, methodIds: [1203, 1212], additions: [], parts: [] };
    await cart().add(FISH.dishesId, choice);
    const before = cart().lines;
    useAppStore.setState({ cartId: null });
    expect(cart().lines).toEqual([]);
    useAppStore.setState({ cartId: CART_ID.value });
    expect(cart().lines).toEqual(before);
  });

  it("is dropped after 30 minutes, and for another restaurant, cart or visitor", async () => {
    startedStore();
    await cart().add(CUCUMBER.dishesId, EMPTY_CHOICE);
    const key = cartCacheKey(SESSION);
    const saved = JSON.parse(localStorage.getItem(key) ?? "null");

    useAppStore.setState({ hotelid: HOTEL_ID + 1 });
    expect(cart().lines).toEqual([]);
    useAppStore.setState({ hotelid: HOTEL_ID, guid: "another-visitor-guid" });
    expect(cart().lines).toEqual([]);

    // the same key, written by another restaurant's page, is not this restaurant's cart
    localStorage.setItem(key, JSON.stringify({ ...saved, hotelid: HOTEL_ID + 1 }));
    useAppStore.setState({ guid: GUID });
    expect(cart().lines).toEqual([]);

    useAppStore.setState({ cartId: null });
    localStorage.setItem(key, JSON.stringify({ ...saved, time: Date.now() - TIMING.cartCacheMs }));
    useAppStore.setState({ cartId: CART_ID.value });
    expect(cart().lines).toEqual([]);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it("ignores a damaged cache", () => {
    localStorage.setItem(cartCacheKey(SESSION), "{not json");
    startedStore();
    expect(cart().lines).toEqual([]);
    useAppStore.setState({ cartId: null });
    localStorage.setItem(
      cartCacheKey(SESSION),
      JSON.stringify({
        hotelid: HOTEL_ID,
        time: Date.now(),
        lines: [
          ["nonsense", "1", ""],
          [plain(101), "x", ""],
        ],
      }),
    );
    useAppStore.setState({ cartId: CART_ID.value });
    expect(cart().lines).toEqual([]);
  });

  it("sends every operation through the transport, which a socket transport can replace", async () => {
    const sent: TableOp[] = [];
    let push: (lines: ReturnType<typeof cart>["lines"]) => void = () => {};
    const recording: CartTransport = {
      send: (op) => {
        sent.push(op);
        return Promise.resolve({ ok: false, message: "服务器拒绝" });
      },
      subscribe: (listener) => {
        push = listener;
        listener([]);
        return () => {};
      },
      close: () => {},
    };
    startedStore();
    setCartTransport(() => recording);
    try {
      expect(await cart().add(CUCUMBER.dishesId, EMPTY_CHOICE)).toEqual({ ok: false, message: "服务器拒绝" });
      await cart().minus("101__");
      await cart().set("101__", "3");
      await cart().clear();
      expect(sent.map((op) => op.kind)).toEqual(["add", "minus", "set", "clear"]);
      const line = { ...EMPTY_CHOICE, detailId: "101__", foodId: 101, count: "3", memo: "" };
      push([line]);
      expect(cart().lines).toEqual([line]);
    } finally {
      setCartTransport(createLocalTransport);
    }
  });

  it("shows the restaurant's stock news (type 20) on the menu at once: sold out, or what is left", () => {
    let emit: (event: TableEvent) => void = () => {};
    const listening: CartTransport = {
      send: () => Promise.resolve({ ok: true }),
      subscribe: (listener) => {
        listener([]);
        return () => {};
      },
      onEvent: (listener) => {
        emit = listener;
        return () => {};
      },
      close: () => {},
    };
    startedStore();
    useAppStore.setState({ recommends: [MANGO] });
    setCartTransport(() => listening);
    try {
      const stock: StockMessage = {
        type: MSG.stock,
        code: 1000,
        socketId: "stock-news-1",
        restaurantId: HOTEL_ID,
        value: [
          { foodId: CUCUMBER.dishesId, sum: 0 },
          { foodId: MANGO.dishesId, sum: 1 },
        ],
      };
      emit({ stock });
      const estimateOf = (id: number) =>
        useAppStore.getState().foods.find((d) => d.dishesId === id)?.estimate;
      expect([estimateOf(CUCUMBER.dishesId), estimateOf(MANGO.dishesId)]).toEqual([0, 1]);
      expect(useAppStore.getState().recommends[0]?.estimate).toBe(1);
    } finally {
      setCartTransport(createLocalTransport);
    }
  });
});
