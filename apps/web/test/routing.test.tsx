import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { COPY, STARTUP_FAILURE_TEXT } from "../src/copy.js";
import { carryQuery, mergeSearchObj } from "../src/router/query.js";
import { ROUTE_NAME_KEY } from "../src/router/route-name.js";
import { resolveEntryPath } from "../src/router/route-table.js";
import { useAppStore } from "../src/store/app-store.js";
import { SEARCH_OBJ_STORAGE_KEY } from "../src/store/search-obj.js";
import { normalizeUrl, renderApp, routesWithoutMenu } from "./render-app.js";

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

  it("resumes the saved page, letting the redirect through the guard", async () => {
    sessionStorage.setItem(ROUTE_NAME_KEY, "/order/detail");
    const app = renderApp(`/?${LINK}`, { routes: routesWithoutMenu() });
    await settledAt(app, `/order/detail?${LINK}`);
    expect(await screen.findByText("订单详情页")).toBeTruthy();
  });

  it("chooses its target from the route table", () => {
    expect(resolveEntryPath(null)).toBe("/main");
    expect(resolveEntryPath("/main")).toBe("/main");
    expect(resolveEntryPath("/prompt/order")).toBe("/main");
  });
});

describe("guard", () => {
  it("sends a guarded page to /prompt/abnormal when the store is not initialised", async () => {
    const app = renderApp(`/order/detail?${LINK}&orderId=5`, { routes: routesWithoutMenu() });
    await settledAt(app, `/prompt/abnormal?${LINK}&orderId=5`);
    expect((await screen.findByTestId("abnormal-reason")).textContent).toBe(COPY.sessionExpired);
    expect(screen.getByText(COPY.rescanToEnter)).toBeTruthy();
  });

  it("lets a guarded page open once the store is initialised", async () => {
    useAppStore.setState({ isInitial: true });
    const app = renderApp(`/order/detail?${LINK}`, { routes: routesWithoutMenu() });
    expect(await screen.findByText("订单详情页")).toBeTruthy();
    expect(app.where()).toBe(normalizeUrl(`/order/detail?${LINK}`));
  });

  it("never guards the menu, prompt or not-found pages", async () => {
    const app = renderApp("/prompt/order", { routes: routesWithoutMenu() });
    expect(await screen.findByText(COPY.noOrder)).toBeTruthy();
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
    expect(await screen.findByText(COPY.noOrder)).toBeTruthy();
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
    await screen.findByText(COPY.noOrder);
    useAppStore.setState({ loading: true });
    await act(async () => app.navigate("/prompt/overdue"));
    // the page's code loads first: the change completes, and is tracked, once it is on screen
    expect(await screen.findByText(COPY.overdue)).toBeTruthy();
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
    expect(await screen.findByText(COPY.notFound)).toBeTruthy();
  });
});
