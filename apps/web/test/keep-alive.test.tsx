import { type CartMessage, MSG, TIMING } from "@tablemate/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { imperativeAntd } from "../src/antd-setup.js";
import { COPY, SHARED_CART_COPY } from "../src/copy.js";
import { emitTableEvent } from "../src/features/cart/table-events.js";
import { clearToasts } from "../src/features/loading/toast.js";
import { useAppStore } from "../src/store/app-store.js";
import { PICK_SET } from "./dish-fixtures.js";
import { FOODS } from "./fixtures.js";
import { LINK, openMenu } from "./menu-harness.js";
import { normalizeUrl } from "./render-app.js";

/** Kept alive (spec 000 §2): /main and /search come back as they were left, whichever page was between. */

const CLEARED = "您的同伴已清空购物车，请重新点餐哦~";

const results = () => screen.getByTestId("search-results");
const activeCategory = () =>
  document.querySelector(".menu-sidebar__item--active, .category-tabs__item--active")?.textContent;

/** The menu scrolled and on its second category, then the search with 鱼 typed and found. */
async function leaveMenuAndSearch() {
  const opened = await openMenu({ foods: [...FOODS, PICK_SET] });
  const scroller = screen.getByTestId("menu-scroller");
  fireEvent.click(screen.getByText("热菜", { selector: "[data-testid=category-item]" }));
  await waitFor(() => expect(useAppStore.getState().categoryIndex).toBe(1));
  scroller.scrollTop = 480;
  fireEvent.click(screen.getByRole("button", { name: COPY.search }));
  const input = (await screen.findByRole("searchbox")) as HTMLInputElement;
  fireEvent.change(input, { target: { value: "鱼" } });
  const card = await within(results()).findByTestId("dish-card");
  return { ...opened, scroller, input, card };
}

async function backTo(app: { navigate(to: number): void; where(): string }, path: string) {
  act(() => app.navigate(-1));
  await waitFor(() => expect(app.where()).toBe(normalizeUrl(`${path}?${LINK}`)));
}

describe("the kept-alive pages across a visit to another page", () => {
  it.each([
    ["/order/subOrder", `/order/subOrder?${LINK}`, "suborder-page"],
    ["/foodCombo", `/foodCombo?${LINK}&foodId=${PICK_SET.dishesId}`, "choice-page"],
  ])("keep the search text and results, the menu's scroll position and category, over %s", async (_name, url, pageId) => {
    const { app, scroller, input, card } = await leaveMenuAndSearch();
    act(() => app.navigate(url));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(url)));
    // the page's code loads on its first visit: on a busy machine that can take over a second
    await screen.findByTestId(pageId, {}, { timeout: 5000 });
    // the other page is on screen, the kept-alive ones wait hidden under it
    expect(scroller.closest(".keep-alive-pane")?.getAttribute("aria-hidden")).toBe("true");
    expect(input.closest(".keep-alive-pane")?.getAttribute("aria-hidden")).toBe("true");

    await backTo(app, "/search");
    expect(screen.getByRole("searchbox")).toBe(input);
    expect(input.value).toBe("鱼");
    expect(within(results()).getByTestId("dish-card")).toBe(card);

    await backTo(app, "/main");
    expect(screen.getByTestId("menu-scroller")).toBe(scroller);
    expect(scroller.scrollTop).toBe(480);
    expect(useAppStore.getState().categoryIndex).toBe(1);
    expect(activeCategory()).toBe("热菜");
  });
});

/** Type 14 from a tablemate: the cart was emptied. */
function clearedByMate(): CartMessage {
  return {
    type: MSG.cart,
    clearCart: true,
    code: 1000,
    socketId: crypto.randomUUID(),
    version: 9,
    cart: { cartId: 1, version: 9, personNum: 2, lines: [] },
    actor: { guid: "mate-0000-0002", name: "小王" },
    opId: crypto.randomUUID(),
  };
}

const alertsShown = () => screen.queryAllByText(CLEARED).length;

/**
 * A tablemate empties the cart: how many alerts that opened (a closed alert's fade-out never ends
 * in jsdom, so alerts are counted, not looked for).
 */
async function alertsOnClear(fromTablemate = true): Promise<number> {
  const before = alertsShown();
  act(() => emitTableEvent({ message: clearedByMate(), fromTablemate }));
  // every listener's alert waits on the same module: once it has loaded for us, it has for them all
  await act(() => imperativeAntd());
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return alertsShown() - before;
}

describe("the tablemate's clear-cart alert (spec 001 §4)", () => {
  it("shows once on /order/subOrder", async () => {
    const { app } = await openMenu();
    act(() => app.navigate(`/order/subOrder?${LINK}`));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/order/subOrder?${LINK}`)));
    expect(await alertsOnClear()).toBe(1);
  });

  it("shows once on the search, and once on the menu after the search was opened", async () => {
    const { app } = await openMenu();
    fireEvent.click(screen.getByRole("button", { name: COPY.search }));
    await screen.findByRole("searchbox");
    expect(await alertsOnClear()).toBe(1);
    await backTo(app, "/main");
    expect(await alertsOnClear()).toBe(1);
  });

  it("is not shown to the diner who emptied the cart, nor on a page the spec leaves out", async () => {
    const { app } = await openMenu();
    expect(await alertsOnClear(false)).toBe(0);
    act(() => app.navigate(`/order/list?${LINK}`));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/order/list?${LINK}`)));
    expect(await alertsOnClear()).toBe(0);
  });
});

describe("the table socket's toasts", () => {
  it("say a reconnect once, with the search opened beside the menu", async () => {
    const { app } = await openMenu();
    fireEvent.click(screen.getByRole("button", { name: COPY.search }));
    await screen.findByRole("searchbox");
    act(() =>
      useAppStore.setState({
        realtimeStatus: "reconnecting",
        realtimeRetries: TIMING.socketReconnectToastAfter,
      }),
    );
    expect(await screen.findAllByText(SHARED_CART_COPY.reconnecting)).toHaveLength(1);
    await backTo(app, "/main");
    act(() => useAppStore.setState({ realtimeStatus: "local" }));
    expect(await screen.findAllByText(SHARED_CART_COPY.localMode)).toHaveLength(1);
    // no toast left drawing when the file's environment goes
    act(() => clearToasts());
  });
});
