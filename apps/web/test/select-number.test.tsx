import { API, type PageData } from "@tablemate/core";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_CONFIG, readPageData } from "../src/config.js";
import { COPY } from "../src/copy.js";
import { useCartStore } from "../src/features/cart/cart-store.js";
import { setCartTransport } from "../src/features/cart/index.js";
import { createLocalTransport } from "../src/features/cart/local-transport.js";
import { adoptServerFirstScreen } from "../src/router/first-screen.js";
import { menuVisitStart } from "../src/router/menu-visit.js";
import { resetAppStore, useAppStore } from "../src/store/app-store.js";
import { setCookie } from "./cookies.js";
import { fakeServer, type Handler, ok, type Reply } from "./fake-server.js";
import { CATEGORIES, dish, FOODS, GUID, HOTEL_ID, MEMOS, restaurant, SELL_OUT, TABLE } from "./fixtures.js";
import { LINK } from "./menu-harness.js";
import { injectPageData } from "./page-data.js";
import { normalizeUrl, renderApp } from "./render-app.js";

/** The demo's must-order dishes: 茶位费 per diner, 米饭 two per table (mustFoodType 1 and 2). */
const TEA_SEAT = dish({
  dishesId: 301,
  name: "茶位费",
  typeId: 1,
  price: 3,
  unit: "位",
  necessary: true,
  mustFoodType: 1,
});
const RICE = dish({
  dishesId: 302,
  name: "米饭",
  typeId: 1,
  price: 2,
  unit: "碗",
  necessary: true,
  mustFoodType: 2,
  mustFoodNum: 2,
});
const WITH_MUST_ORDER = [...FOODS, TEA_SEAT, RICE];

interface Scan {
  foods?: typeof FOODS;
  personNum?: number;
  restaurant?: Parameters<typeof restaurant>[0];
  path?: string;
  /** more query after the table link's */
  link?: string;
  /** the page names the table's count (false: a page that could not tell) */
  pageKnows?: boolean;
  /** answers in place of the healthy server's */
  routes?: Record<string, Handler>;
}

/** The page as the server serves a scan: the restaurant, its menu and the scanned table's count. */
function pageData(foods: typeof FOODS, dinerCount: number | null, detail?: Scan["restaurant"]): PageData {
  return {
    guid: GUID,
    restaurant: restaurant(detail),
    menu: {
      categories: CATEGORIES,
      foods,
      recommends: [],
      periodDishes: [],
      memos: MEMOS,
      languages: { base: "zh-CN", offered: [] },
      sellOut: SELL_OUT,
    },
    posOnline: true,
    dinerCount,
    config: DEFAULT_CLIENT_CONFIG,
  };
}

/** A scan of the fixtures' table (at `path`, the entry by default) with this menu and table count. */
function scan({
  foods = WITH_MUST_ORDER,
  personNum = 0,
  restaurant: detail,
  path = "/",
  link = "",
  pageKnows = true,
  routes = {},
}: Scan = {}) {
  setCookie("guid", GUID);
  injectPageData(pageData(foods, pageKnows ? personNum : null, detail));
  const server = fakeServer({
    [API.restaurantDetail]: () => ok(restaurant(detail)),
    [API.foodList]: () => ok(foods),
    [API.tableJoin]: () => ok({ ...TABLE, personNum }),
    ...routes,
  });
  // the entry's way on, as main.tsx sets it before the router starts (router/first-screen.ts)
  const search = `?${LINK}${link}`;
  const start = path === "/" ? menuVisitStart(readPageData(), search) : path;
  return { server, app: renderApp(`${start}${search}`) };
}

const countButton = (n: number) => screen.getByRole("button", { name: `${n}人` });

beforeEach(() => setCartTransport(createLocalTransport));
afterEach(() => setCartTransport(createLocalTransport));

describe("/selectNumber: the diner count before the menu", () => {
  it("asks a table without a count, then goes on to the menu with the must-order dishes following the count", async () => {
    const { app, server } = scan();
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/selectNumber?${LINK}`)));
    await screen.findByText("请选择用餐人数");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("请选择用餐人数");
    expect(screen.getByText("桌台：A12")).toBeTruthy();
    expect(screen.getByRole("group", { name: "用餐人数" }).textContent).toBe(
      Array.from({ length: 12 }, (_, i) => `${i + 1}人`).join(""),
    );
    // the words say what each count brings, as the cart will get it: tea per diner, rice per table
    const words = screen.getByTestId("must-order-words");
    expect(words.textContent).toBe("选好人数后，以下菜品自动加入购物车：茶位费 每人1位米饭 每桌2碗");
    expect(screen.queryByTestId("table-name")).toBeNull();

    await act(async () => fireEvent.click(countButton(3)));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/main?${LINK}`)));
    expect(await screen.findByText(COPY.dinerCount(3))).toBeTruthy();
    // the page carried the stock, and the menu's first entry takes it as the step's start left it
    expect(server.requests.filter((r) => r.path.startsWith(API.sellOut))).toHaveLength(0);
    const lines = useCartStore.getState().lines.map((l) => [l.foodId, l.count]);
    expect(lines).toEqual([
      [TEA_SEAT.id, "3"],
      [RICE.id, "2"],
    ]);
  });

  it("says a minimum that raises a lone diner's rice, and the cart gets what it says", async () => {
    // rice per diner, but never fewer than two bowls: one diner gets two, and the step says why
    const rice = { ...RICE, mustFoodType: 1, mustFoodNum: 1, minCount: 2 };
    const { app } = scan({ foods: [...FOODS, TEA_SEAT, rice] });
    const words = await screen.findByTestId("must-order-words");
    expect([...words.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "茶位费 每人1位",
      "米饭 每人1碗，2碗起",
    ]);
    await act(async () => fireEvent.click(countButton(1)));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/main?${LINK}`)));
    expect(useCartStore.getState().lines.map((l) => [l.foodId, l.count])).toEqual([
      [TEA_SEAT.id, "1"],
      [RICE.id, "2"],
    ]);
  });

  it("takes a bigger count typed after 更多人数, and refuses one outside 1-99", async () => {
    const { app } = scan();
    fireEvent.click(await screen.findByRole("button", { name: "更多人数" }));
    const input = screen.getByRole("textbox", { name: "输入用餐人数" });
    expect(input.getAttribute("placeholder")).toBe("1-99");
    fireEvent.change(input, { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "确定" }));
    expect(await screen.findByText("请输入1到99之间的人数")).toBeTruthy();
    expect(app.where()).toBe(normalizeUrl(`/selectNumber?${LINK}`));

    fireEvent.change(input, { target: { value: "15" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "确定" })));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/main?${LINK}`)));
    expect(useCartStore.getState().lines.find((l) => l.foodId === TEA_SEAT.id)?.count).toBe("15");
  });

  it.each([
    ["a tablemate already set the count", { personNum: 4 }],
    ["the menu has no must-order dish", { foods: FOODS }],
    ["quick-service does not ask (fastFoodNeedPersonNum off)", { restaurant: { restaurantFastHotel: true } }],
    ["it is a takeout link", { path: "/", link: "&takeout=1" }],
  ])("goes straight to the menu where %s", async (_case, setup: Scan) => {
    const { app } = scan(setup);
    // the menu's top bar names the table, or for a takeout link the mode (no table words, issue 25)
    const place = setup.link === "&takeout=1" ? COPY.modeLabel.takeout : "A12";
    await screen.findByText(place, { selector: "[data-testid=table-name]" });
    expect(app.where()).toMatch(/^\/main\?/);
    expect(screen.queryByText("请选择用餐人数")).toBeNull();
  });

  it("asks in quick-service where the restaurant needs the count (fastFoodNeedPersonNum)", async () => {
    const { app } = scan({
      foods: FOODS,
      restaurant: { restaurantFastHotel: true, fastFoodNeedPersonNum: true },
    });
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/selectNumber?${LINK}`)));
    expect(await screen.findByText("请选择用餐人数")).toBeTruthy();
    // no must-order dish on this menu: nothing is said about one
    expect(screen.queryByTestId("must-order-words")).toBeNull();
  });

  it("on a reload stays while the count is missing, and goes on once it is set", async () => {
    const asked = scan({ path: "/selectNumber" });
    expect(await screen.findByText("请选择用餐人数")).toBeTruthy();
    expect(asked.app.where()).toBe(normalizeUrl(`/selectNumber?${LINK}`));
    asked.app.unmount();
    resetAppStore();

    const set = scan({ path: "/selectNumber", personNum: 2 });
    await waitFor(() => expect(set.app.where()).toBe(normalizeUrl(`/main?${LINK}`)));
    expect(await screen.findByText(COPY.dinerCount(2))).toBeTruthy();
  });

  it("on a return to the menu asks a count reset before it, not one a broadcast resets meanwhile (a settle ending the visit)", async () => {
    let release: (() => void) | null = null;
    let holdStock = false;
    const stock = (): Promise<Reply> | Reply =>
      holdStock ? new Promise((resolve) => (release = () => resolve(ok(SELL_OUT, 200)))) : ok(SELL_OUT, 200);
    const { app } = scan({ personNum: 4, routes: { [`${API.sellOut}/${HOTEL_ID}`]: stock } });
    await screen.findByText(COPY.dinerCount(4));
    const resetCount = () => {
      const { table } = useAppStore.getState();
      if (table) useAppStore.setState({ table: { ...table, personNum: 0 } });
    };

    // the return's stock refresh is under way when the table's count is reset
    holdStock = true;
    act(() => app.navigate(`/search?${LINK}`));
    await act(async () => app.navigate(`/main?${LINK}`));
    await waitFor(() => expect(release).not.toBeNull());
    act(resetCount);
    await act(async () => release?.());
    expect(app.where()).toBe(normalizeUrl(`/main?${LINK}`));

    // the next return finds the count missing: that visit asks it
    holdStock = false;
    act(() => app.navigate(`/search?${LINK}`));
    await act(async () => app.navigate(`/main?${LINK}`));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/selectNumber?${LINK}`)));
  });

  it("sends a menu reached without the count, where the page could not tell, to the step", async () => {
    const { app } = scan({ path: "/main", pageKnows: false });
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/selectNumber?${LINK}`)));
    expect(await screen.findByText("请选择用餐人数")).toBeTruthy();
  });
});

describe("the first screen of a scan", () => {
  const page = (dinerCount: number | null) => pageData(WITH_MUST_ORDER, dinerCount);
  const visit = (path: string) => {
    const url = new URL(`http://tablemate.test${path}`);
    const replaced: string[] = [];
    const history = { state: null, replaceState: (_s: unknown, _t: string, to: string) => replaced.push(to) };
    return { location: url as unknown as Location, history: history as unknown as History, replaced };
  };

  it("is the diner-count step (drawn by the app, not adopted) when the page says the table has no count", () => {
    for (const path of [`/?${LINK}`, `/main?${LINK}`]) {
      const { location, history, replaced } = visit(path);
      expect(adoptServerFirstScreen(page(0), location, history)).toBe(false);
      expect(replaced.map(normalizeUrl)).toEqual([normalizeUrl(`/selectNumber?${LINK}`)]);
    }
  });

  it("is the server's menu, adopted, when the table has its count or the page cannot tell", () => {
    for (const count of [3, null]) {
      const { location, history, replaced } = visit(`/selectNumber?${LINK}`);
      expect(adoptServerFirstScreen(page(count), location, history)).toBe(true);
      expect(replaced.map(normalizeUrl)).toEqual([normalizeUrl(`/main?${LINK}`)]);
    }
    const { location, history, replaced } = visit(`/main?${LINK}`);
    expect(adoptServerFirstScreen(page(3), location, history)).toBe(true);
    expect(replaced).toEqual([]);
  });
});
