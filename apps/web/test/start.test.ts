import {
  API,
  type MenuSnapshot,
  type PageData,
  type PeriodDishInfo,
  type StartupFailure,
} from "@tablemate/core";
import { describe, expect, it, vi } from "vitest";
import { TOKEN_STORAGE_KEY } from "../src/api/http.js";
import { DEFAULT_CLIENT_CONFIG } from "../src/config.js";
import { useAppStore } from "../src/store/app-store.js";
import { readCookie } from "../src/store/guid.js";
import { SEARCH_OBJ_STORAGE_KEY } from "../src/store/search-obj.js";
import { StartupError } from "../src/store/startup-error.js";
import type { PageQuery } from "../src/store/types.js";
import { setCookie } from "./cookies.js";
import { fail, fakeServer, type Handler, ok } from "./fake-server.js";
import { FakeWebSocket } from "./fake-socket.js";
import {
  CART_ID,
  CART_JOIN,
  CATEGORIES,
  FOODS,
  GUID,
  HOTEL_ID,
  MEMOS,
  restaurant,
  SELL_OUT,
  SID,
  TABLE,
  TABLE_ID,
  TABLE_QUERY,
} from "./fixtures.js";
import { injectPageData } from "./page-data.js";

function setPageData(data: Partial<PageData>) {
  injectPageData({
    guid: GUID,
    restaurant: null,
    config: DEFAULT_CLIENT_CONFIG,
    ...data,
  });
}

const PERIOD_INFO: PeriodDishInfo = {
  foodId: 101,
  availableDays: "0",
  availableTime: "11:00-14:00",
  availableStatus: 1,
  nextTime: null,
  endsSoon: false,
  isAllDay: false,
  availableDaysString: "每天",
  availableTimeString: "11:00-14:00",
};

/** The menu as the server puts it into the page: what its six calls would answer. */
const PAGE_MENU: MenuSnapshot = {
  categories: CATEGORIES,
  foods: FOODS,
  recommends: FOODS.slice(0, 1),
  periodDishes: [PERIOD_INFO],
  memos: MEMOS,
  sellOut: SELL_OUT,
  languages: { base: "zh-CN", offered: [] },
};

/** The calls the page's menu answers; a first load with it makes none of them. */
const ANSWERED_BY_PAGE = [
  API.restaurantDetail,
  API.crmType,
  API.foodCategory,
  API.foodList,
  API.recommend,
  API.memos,
  API.posStatus,
  API.periodDish,
  `${API.sellOut}/${HOTEL_ID}`,
];

async function startupFailure(query: PageQuery): Promise<StartupFailure | "none"> {
  try {
    await useAppStore.getState().start(query);
    return "none";
  } catch (error) {
    if (error instanceof StartupError) return error.reason;
    throw error;
  }
}

describe("start(query)", () => {
  it("joins the table, its cart and loads the menu", async () => {
    setPageData({});
    const server = fakeServer();
    await useAppStore.getState().start({ ...TABLE_QUERY, urlSource: "3", unrelated: "x" });

    const state = useAppStore.getState();
    expect(state).toMatchObject({
      isInitial: true,
      entryLoading: false,
      loading: false,
      guid: GUID,
      hotelid: HOTEL_ID,
      table: TABLE,
      cartId: CART_JOIN.cartId,
      cartIdSign: CART_ID.sign,
      virTableId: CART_JOIN.virTableId,
      isNewCrm: true,
      isPrepayment: false,
      isPosOnline: true,
    });
    expect(state.categories.map((c) => c.dishesTypeName)).toEqual(["凉菜", "热菜"]);
    expect(state.foods).toHaveLength(3);
    expect(document.title).toBe("老街小馆");
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("token-from-user-info");
    expect(JSON.parse(sessionStorage.getItem(SEARCH_OBJ_STORAGE_KEY) ?? "{}")).toEqual({
      ...TABLE_QUERY,
      urlSource: "3",
    });

    expect(Object.fromEntries(server.last(API.tableJoin)?.form ?? [])).toEqual({
      accessType: "realTable",
      guid: GUID,
      restaurantId: String(HOTEL_ID),
      tableId: String(TABLE_ID),
      sid: SID,
    });
    expect(server.last(API.tableJoin)?.query.get("rid")).toBe(String(HOTEL_ID));
    expect(Object.fromEntries(server.last(API.cartJoin)?.form ?? [])).toEqual({
      restaurantId: String(HOTEL_ID),
      cookieGuid: GUID,
      tableId: String(TABLE_ID),
      cartId: String(CART_ID.value),
      cartIdSign: CART_ID.sign,
      fastFood: "false",
    });
    // calls after the user info carry its token
    expect(server.last(API.foodList)?.headers.get("token")).toBe("token-from-user-info");

    const socket = FakeWebSocket.instances[0];
    expect(socket?.url).toBe(
      `ws://localhost:3000${API.socket}?rid=${HOTEL_ID}&tableId=${TABLE_ID}&sid=${SID}&guid=${GUID}`,
    );
    socket?.open();
    expect(useAppStore.getState().realtimeStatus).toBe("open");
  });

  it("asks for the cart id while the table join is still unanswered", async () => {
    setPageData({});
    let answerJoin: () => void = () => {};
    const joinAnswered = new Promise<void>((resolve) => {
      answerJoin = resolve;
    });
    const server = fakeServer({
      [API.tableJoin]: async () => {
        await joinAnswered;
        return ok(TABLE);
      },
    });
    const started = useAppStore.getState().start(TABLE_QUERY);
    await vi.waitFor(() => expect(server.paths()).toContain(API.cartJoin));
    answerJoin();
    await started;
    expect(useAppStore.getState().isInitial).toBe(true);
  });

  it("uses the restaurant in the page data without asking for it", async () => {
    setPageData({ restaurant: restaurant({ restaurantName: "页内餐厅" }) });
    const server = fakeServer();
    await useAppStore.getState().start(TABLE_QUERY);
    expect(server.paths()).not.toContain(API.restaurantDetail);
    expect(document.title).toBe("页内餐厅");
  });

  it("asks for the restaurant when the page data holds another one", async () => {
    setPageData({ restaurant: restaurant({ restaurantId: HOTEL_ID + 1 }) });
    const server = fakeServer();
    await useAppStore.getState().start(TABLE_QUERY);
    expect(server.last(API.restaurantDetail)?.query.get("restaurantId")).toBe(String(HOTEL_ID));
  });

  describe("from the page's own answers", () => {
    it("makes only the user, table and cart calls when the page carried this restaurant's menu", async () => {
      setPageData({
        restaurant: restaurant({ crmType: "old", restaurantName: "页内餐厅" }),
        menu: PAGE_MENU,
        posOnline: false,
      });
      const server = fakeServer();
      await useAppStore.getState().enterMain(TABLE_QUERY);

      expect([...server.paths()].sort()).toEqual(
        [API.userInfo, API.tableJoin, API.cartId, API.cartJoin].sort(),
      );
      const state = useAppStore.getState();
      expect(state).toMatchObject({
        isInitial: true,
        cartId: CART_JOIN.cartId,
        isNewCrm: false,
        isPosOnline: false,
        memos: MEMOS,
        recommends: FOODS.slice(0, 1),
        periodDishes: { 101: PERIOD_INFO },
        // the limited additions' stock, which no dish carries
        additionEstimates: { 5: 3 },
      });
      expect(state.categories.map((c) => c.dishesTypeName)).toEqual(["凉菜", "热菜"]);
      expect(state.foods.find((d) => d.dishesId === 201)?.estimate).toBe(0);
      expect(FakeWebSocket.instances).toHaveLength(1);
      expect(document.title).toBe("页内餐厅");

      // a later entry, the store started: the stock is asked for as before
      await useAppStore.getState().enterMain(TABLE_QUERY);
      expect(server.paths().filter((path) => ANSWERED_BY_PAGE.includes(path))).toEqual([
        `${API.sellOut}/${HOTEL_ID}`,
      ]);
    });

    it.each([
      { page: "no page data", data: {} },
      {
        page: "another restaurant's menu",
        data: { restaurant: restaurant({ restaurantId: HOTEL_ID + 1 }), menu: PAGE_MENU, posOnline: true },
      },
      { page: "the restaurant without its menu", data: { restaurant: restaurant(), posOnline: true } },
      {
        page: "a menu without its stock",
        data: { restaurant: restaurant(), menu: { ...PAGE_MENU, sellOut: undefined }, posOnline: true },
      },
    ])("makes every call with $page", async ({ data }) => {
      setPageData(data as Partial<PageData>);
      const server = fakeServer();
      await useAppStore.getState().enterMain(TABLE_QUERY);
      const made = new Set(server.paths());
      const expected =
        data.restaurant?.restaurantId === HOTEL_ID ? ANSWERED_BY_PAGE.slice(1) : ANSWERED_BY_PAGE;
      expect(expected.filter((path) => !made.has(path))).toEqual([]);
      expect(useAppStore.getState()).toMatchObject({
        isInitial: true,
        memos: MEMOS,
        additionEstimates: { 5: 3 },
      });
    });

    it("keeps the startup failures of the calls it still makes", async () => {
      setPageData({ restaurant: restaurant(), menu: PAGE_MENU, posOnline: true });
      fakeServer({ [API.cartJoin]: () => fail(500, "系统错误", 500) });
      expect(await startupFailure(TABLE_QUERY)).toBe("cartId");
    });
  });

  describe("guid", () => {
    it("takes the guid cookie when the page data has none", async () => {
      setCookie("guid", GUID);
      fakeServer();
      await useAppStore.getState().start(TABLE_QUERY);
      expect(useAppStore.getState().guid).toBe(GUID);
    });

    it("makes a guid and keeps it in the cookie when there is none", async () => {
      const server = fakeServer();
      await useAppStore.getState().start(TABLE_QUERY);
      const made = readCookie("guid");
      expect(made).toMatch(/^[0-9a-f-]{36}$/);
      expect(server.last(API.userInfo)?.query.get("guid")).toBe(made);
      // the visitor acts as the guid the server answers for (its credential's)
      expect(useAppStore.getState().guid).toBe(GUID);
    });

    it("aborts with reason guid when cookies are blocked", async () => {
      vi.spyOn(document, "cookie", "get").mockReturnValue("");
      vi.spyOn(document, "cookie", "set").mockImplementation(() => {});
      const server = fakeServer();
      expect(await startupFailure(TABLE_QUERY)).toBe("guid");
      expect(server.requests).toHaveLength(0);
    });
  });

  describe("failures", () => {
    const broken = (): Handler => () => fail(500, "系统错误", 500);
    const cases: Array<{ reason: StartupFailure; query?: PageQuery; routes?: Record<string, Handler> }> = [
      { reason: "hotelid", query: { tn: String(TABLE_ID), sid: SID } },
      { reason: "hotelid", query: { ...TABLE_QUERY, hotelid: "abc" } },
      { reason: "auth", routes: { [API.userInfo]: broken() } },
      { reason: "restaurantInfo", routes: { [API.restaurantDetail]: () => fail(1011, "餐厅不存在", 404) } },
      { reason: "tableInfo", query: { hotelid: String(HOTEL_ID), sid: SID } },
      { reason: "tableInfo", query: { hotelid: String(HOTEL_ID), tn: String(TABLE_ID) } },
      { reason: "tableJoin", routes: { [API.tableJoin]: () => fail(1008, "桌台码无效，请重新扫码", 403) } },
      { reason: "cartId", routes: { [API.cartId]: broken() } },
      { reason: "cartId", routes: { [API.cartJoin]: () => "network-error" } },
      { reason: "crmType", routes: { [API.crmType]: broken() } },
      { reason: "foodCategory", routes: { [API.foodCategory]: broken() } },
      { reason: "foodList", routes: { [API.foodList]: broken() } },
      { reason: "memos", routes: { [API.memos]: broken() } },
      // both fail: the reason is the earlier step's, whichever answer arrives first
      { reason: "tableJoin", routes: { [API.tableJoin]: broken(), [API.cartId]: broken() } },
      { reason: "crmType", routes: { [API.crmType]: broken(), [API.memos]: broken() } },
    ];

    it.each(cases)("rejects with reason $reason", async ({ reason, query = TABLE_QUERY, routes = {} }) => {
      setPageData({});
      fakeServer(routes);
      expect(await startupFailure(query)).toBe(reason);
      expect(useAppStore.getState()).toMatchObject({ isInitial: false, entryLoading: false });
    });

    it.each([
      { foodTakingMode: 0 as const, wctPayOnly: 0 },
      { foodTakingMode: 1 as const, wctPayOnly: 1 },
    ])("refuses shop-mode entry with foodTakingMode $foodTakingMode and wctPayOnly $wctPayOnly", async (modes) => {
      setPageData({ restaurant: restaurant(modes) });
      const server = fakeServer();
      expect(await startupFailure({ ...TABLE_QUERY, shop: "1" })).toBe("shopMode");
      expect(server.paths()).not.toContain(API.tableJoin);
    });

    it.each([
      "",
      "2.x",
      "latest",
    ])("err.startup-failures: fails the card version check (000 §8) for a register version %j the gates cannot read", async (serverVersion) => {
      setPageData({ restaurant: restaurant({ serverVersion }) });
      const server = fakeServer();
      expect(await startupFailure(TABLE_QUERY)).toBe("cardVersion");
      expect(server.paths()).not.toContain(API.tableJoin);
    });

    it("lets the same restaurant be entered without the shop parameter", async () => {
      setPageData({ restaurant: restaurant({ foodTakingMode: 0, wctPayOnly: 1 }) });
      fakeServer();
      expect(await startupFailure(TABLE_QUERY)).toBe("none");
    });

    it("does not fail for missing recommendations or POS status", async () => {
      setPageData({});
      fakeServer({ [API.recommend]: () => "network-error", [API.posStatus]: () => "network-error" });
      vi.spyOn(console, "warn").mockImplementation(() => {});
      vi.spyOn(console, "error").mockImplementation(() => {});
      expect(await startupFailure(TABLE_QUERY)).toBe("none");
      expect(useAppStore.getState()).toMatchObject({ recommends: [], isPosOnline: true });
    });
  });

  it("turns the POS flag off when the status answer is false", async () => {
    setPageData({});
    fakeServer({ [API.posStatus]: () => ok(false, 200) });
    await useAppStore.getState().start(TABLE_QUERY);
    expect(useAppStore.getState().isPosOnline).toBe(false);
  });

  describe("prepayment", () => {
    it.each([
      { detail: { wctPayType: 1 }, query: {}, expected: true },
      { detail: { wctPayType: 1 }, query: { reserve: "1" }, expected: false },
      { detail: { wctPayType: 1, restaurantFastHotel: true }, query: {}, expected: false },
      { detail: { wctPayType: 0 }, query: {}, expected: false },
    ])("is $expected for $detail with $query", async ({ detail, query, expected }) => {
      setPageData({ restaurant: restaurant(detail) });
      fakeServer();
      await useAppStore.getState().start({ ...TABLE_QUERY, ...query });
      expect(useAppStore.getState().isPrepayment).toBe(expected);
    });
  });
});
