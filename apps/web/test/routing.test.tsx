import { API, PAY_API } from "@tablemate/core";
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PROMPT_COPY, STARTUP_FAILURE_TEXT } from "../src/features/prompt/prompt-copy.js";
import { carryQuery, mergeSearchObj } from "../src/router/query.js";
import { ROUTE_NAME_KEY } from "../src/router/route-name.js";
import { resolveEntryPath } from "../src/router/route-table.js";
import { useAppStore } from "../src/store/app-store.js";
import { SEARCH_OBJ_STORAGE_KEY } from "../src/store/search-obj.js";
import { fail, fakeServer, ok } from "./fake-server.js";
import { CART_ID, TABLE, TABLE_QUERY } from "./fixtures.js";
import { normalizeUrl, renderApp, routesWithoutMenu } from "./render-app.js";

const TABLE_LINK = new URLSearchParams(TABLE_QUERY).toString();

const LINK = "hotelid=7&tn=12&sid=s1";

async function settledAt(app: ReturnType<typeof renderApp>, expected: string) {
  await waitFor(() => expect(app.where()).toBe(normalizeUrl(expected)));
}

describe("entry route /", () => {
  it("goes to /main with the carried query when nothing was saved", async () => {
    const app = renderApp(`/?${LINK}&from=poster`, { routes: routesWithoutMenu() });
    await settledAt(app, `/main?${LINK}`);
    expect(await screen.findByText("菜单页")).toBeTruthy();
  });

  it.each(["/", "/prompt/abnormal", "/nowhere"])("goes to /main when the saved path is %j", async (saved) => {
    sessionStorage.setItem(ROUTE_NAME_KEY, saved);
    const app = renderApp(`/?${LINK}`, { routes: routesWithoutMenu() });
    await settledAt(app, `/main?${LINK}`);
  });

  it("resumes the saved page, which starts the store with the scanned link", async () => {
    const server = fakeServer();
    sessionStorage.setItem(ROUTE_NAME_KEY, "/order/detail");
    const app = renderApp(`/?${TABLE_LINK}`, { routes: routesWithoutMenu() });
    await settledAt(app, `/order/detail?${TABLE_LINK}`);
    expect(await screen.findByText("订单详情页")).toBeTruthy();
    expect(useAppStore.getState().isInitial).toBe(true);
    expect(server.requests.some((r) => r.path === API.tableJoin)).toBe(true);
  });

  it("resumes the saved page only for a scan of the same table; another table starts at the menu", async () => {
    useAppStore.setState({ isInitial: true });
    sessionStorage.setItem(ROUTE_NAME_KEY, "/order/list");
    sessionStorage.setItem(SEARCH_OBJ_STORAGE_KEY, JSON.stringify({ hotelid: "7", tn: "12", sid: "s1" }));
    const other = renderApp("/?hotelid=7&tn=13&sid=s2", { routes: routesWithoutMenu() });
    await settledAt(other, "/main?hotelid=7&tn=13&sid=s2");
    other.unmount();
    // the menu it landed on is now the saved page: back to the list, as the diner had left it
    sessionStorage.setItem(ROUTE_NAME_KEY, "/order/list");
    const same = renderApp(`/?${LINK}`, { routes: routesWithoutMenu() });
    await settledAt(same, `/order/list?${LINK}`);
  });

  it("chooses its target from the route table", () => {
    expect(resolveEntryPath(null)).toBe("/main");
    expect(resolveEntryPath("/main")).toBe("/main");
    expect(resolveEntryPath("/prompt/order")).toBe("/main");
    expect(resolveEntryPath("/order/list")).toBe("/order/list");
    expect(resolveEntryPath("/order/subOrder")).toBe("/order/subOrder");
  });

  it.each([
    "/order/detail",
    "/foodCombo",
    "/foodBatch",
  ])("does not resume %s, which needs a parameter the table link lacks: a rescan lands on the menu", (saved) => {
    expect(resolveEntryPath(saved)).toBe("/main");
  });
});

describe("guard", () => {
  it("starts the store for a guarded page opened before it started (a reload), then shows the page", async () => {
    const server = fakeServer();
    const app = renderApp(`/order/detail?${TABLE_LINK}&orderId=5`, { routes: routesWithoutMenu() });
    expect(await screen.findByText("订单详情页")).toBeTruthy();
    expect(app.where()).toBe(normalizeUrl(`/order/detail?${TABLE_LINK}&orderId=5`));
    expect(useAppStore.getState().cartId).toBe(CART_ID.value);
    expect(server.requests.filter((r) => r.path === API.userInfo)).toHaveLength(1);
  });

  it("shows /pay from a link while the store still starts: its view is asked beside the start's calls", async () => {
    let join: () => void = () => {};
    const joined = new Promise<void>((resolve) => {
      join = resolve;
    });
    const view = {
      orderId: 31,
      restaurantName: "老街小馆",
      tableName: "A12",
      total: "12.00",
      deliveryFee: "0.00",
      discounts: [],
    };
    const server = fakeServer({
      [API.tableJoin]: async () => {
        await joined;
        return ok(TABLE);
      },
      [PAY_API.payOrder(31)]: () =>
        ok(
          {
            ...view,
            paid: "0.00",
            refunded: "0.00",
            due: "12.00",
            state: "unpaid",
            provider: "sandbox",
            test: true,
          },
          200,
        ),
    });
    renderApp(`/pay?${TABLE_LINK}&orderId=31`, { routes: routesWithoutMenu() });
    expect((await screen.findByTestId("pay-due")).textContent).toContain("¥12");
    expect(useAppStore.getState().isInitial).toBe(false);
    expect(server.paths()).toContain(API.tableJoin);
    // the start goes on underneath, and the page stays
    join();
    await waitFor(() => expect(useAppStore.getState().isInitial).toBe(true));
    expect(screen.getByTestId("pay-due")).toBeTruthy();
  });

  it("sends a guarded page whose start fails to /prompt/abnormal naming the failed step", async () => {
    fakeServer({ [API.tableJoin]: () => fail(500, "系统错误", 500) });
    const app = renderApp(`/order/detail?${TABLE_LINK}&orderId=5`, { routes: routesWithoutMenu() });
    await settledAt(app, `/prompt/abnormal?${TABLE_LINK}&orderId=5&error=tableJoin`);
    expect((await screen.findByTestId("abnormal-reason")).textContent).toBe(STARTUP_FAILURE_TEXT.tableJoin);
    expect(screen.getByTestId("prompt-headline").textContent).toBe(PROMPT_COPY.menuNotOpened);
    expect(screen.getByRole("button", { name: PROMPT_COPY.retry })).toBeTruthy();
  });

  it("a page opened with no table link at all says so, with the way to rescan", async () => {
    const app = renderApp("/order/list", { routes: routesWithoutMenu() });
    await settledAt(app, "/prompt/abnormal?error=hotelid");
    expect((await screen.findByTestId("abnormal-reason")).textContent).toBe(PROMPT_COPY.noHotelid);
    expect(screen.getByTestId("prompt-headline").textContent).toBe(PROMPT_COPY.tableNotFound);
    expect(screen.getByRole("button", { name: PROMPT_COPY.rescan })).toBeTruthy();
  });

  it("lets a guarded page open once the store is initialised", async () => {
    useAppStore.setState({ isInitial: true });
    const app = renderApp(`/order/detail?${LINK}`, { routes: routesWithoutMenu() });
    expect(await screen.findByText("订单详情页")).toBeTruthy();
    expect(app.where()).toBe(normalizeUrl(`/order/detail?${LINK}`));
  });

  it("never guards the menu, prompt or not-found pages", async () => {
    const app = renderApp("/prompt/order", { routes: routesWithoutMenu() });
    expect(await screen.findByText(PROMPT_COPY.noOrder)).toBeTruthy();
    expect(app.where()).toBe("/prompt/order");
  });
});

describe("stored search parameters", () => {
  it("are merged into a query without hotelid", async () => {
    sessionStorage.setItem(SEARCH_OBJ_STORAGE_KEY, JSON.stringify({ hotelid: "7", tn: "12", sid: "s1" }));
    useAppStore.setState({ isInitial: true });
    const app = renderApp("/order/detail?orderId=5", { routes: routesWithoutMenu() });
    await settledAt(app, `/order/detail?orderId=5&${LINK}`);
  });

  it("leave a query that has its own hotelid alone", async () => {
    sessionStorage.setItem(SEARCH_OBJ_STORAGE_KEY, JSON.stringify({ hotelid: "7", tn: "12", sid: "s1" }));
    const app = renderApp("/prompt/order?hotelid=8", { routes: routesWithoutMenu() });
    expect(await screen.findByText(PROMPT_COPY.noOrder)).toBeTruthy();
    expect(app.where()).toBe("/prompt/order?hotelid=8");
  });

  it("fill only what the query lacks", () => {
    expect(mergeSearchObj("?tn=3&orderId=1", { hotelid: "7", tn: "12" })).toBe("tn=3&orderId=1&hotelid=7");
    expect(mergeSearchObj("?orderId=1", {})).toBeNull();
  });
});

describe("navigation", () => {
  it("carries the 14 kept parameters and drops the rest", () => {
    expect(carryQuery("/pay", `?${LINK}&orderId=9&mainWxId=w&utm=x&error=guid`, { payType: "1" })).toBe(
      `/pay?sid=s1&tn=12&orderId=9&hotelid=7&mainWxId=w&payType=1`,
    );
  });

  it("after each page change clears loading and remembers the route name", async () => {
    const app = renderApp("/prompt/order", { routes: routesWithoutMenu() });
    await screen.findByText(PROMPT_COPY.noOrder);
    useAppStore.setState({ loading: true });
    await act(async () => app.navigate("/prompt/overdue"));
    // the page's code loads first: the change completes, and is tracked, once it is on screen
    expect(await screen.findByText(PROMPT_COPY.overdue)).toBeTruthy();
    // cleared by the router's effect after the page has drawn, which may be a tick after its text shows
    await waitFor(() => expect(useAppStore.getState().loading).toBe(false));
    expect(sessionStorage.getItem(ROUTE_NAME_KEY)).toBe("/prompt/overdue");
  });

  it("works under a router prefix, remembering route names without it", async () => {
    const app = renderApp(`/h5/?${LINK}`, { routes: routesWithoutMenu(), basename: "/h5" });
    await settledAt(app, `/h5/main?${LINK}`);
    expect(sessionStorage.getItem(ROUTE_NAME_KEY)).toBe("/main");
  });
});

describe("prompt pages", () => {
  it.each([
    ["/abnormal?error=guid", "/prompt/abnormal?error=guid"],
    ["/no/order?hotelid=7", "/prompt/order?hotelid=7"],
    ["/overdue", "/prompt/overdue"],
    ["/logout?x=1", "/prompt/logout?x=1"],
  ])("the short form %s redirects to %s with its query", async (from, to) => {
    const app = renderApp(from, { routes: routesWithoutMenu() });
    await settledAt(app, to);
  });

  it("the abnormal page names the startup failure", async () => {
    renderApp("/prompt/abnormal?error=restaurantInfo");
    expect((await screen.findByTestId("abnormal-reason")).textContent).toBe(
      STARTUP_FAILURE_TEXT.restaurantInfo,
    );
  });

  it("an unknown path shows the not-found page", async () => {
    renderApp("/pay/unknown?hotelid=7");
    expect(await screen.findByText(PROMPT_COPY.notFound)).toBeTruthy();
  });
});
