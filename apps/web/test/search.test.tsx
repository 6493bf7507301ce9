import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { COPY } from "../src/copy.js";
import { ROUTE_NAME_KEY } from "../src/router/route-name.js";
import { setCookie } from "./cookies.js";
import { fakeServer } from "./fake-server.js";
import { GUID } from "./fixtures.js";
import { LINK, openMenu } from "./menu-harness.js";
import { normalizeUrl, renderApp } from "./render-app.js";

async function openSearch() {
  const opened = await openMenu();
  fireEvent.click(screen.getByRole("button", { name: COPY.search }));
  const input = await screen.findByRole("searchbox", { name: COPY.searchPlaceholder });
  return { ...opened, input };
}

const results = () => screen.getByTestId("search-results");
const pane = (element: HTMLElement) => element.closest(".keep-alive-pane");

describe("/search", () => {
  it("waits for input with the keyboard up", async () => {
    const { input } = await openSearch();
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(within(results()).getByText(COPY.searchHint)).toBeTruthy();
  });

  it("searches dish names as the diner types, 100 ms after the last key", async () => {
    const { input } = await openSearch();
    fireEvent.change(input, { target: { value: "鱼" } });
    // not yet: the search waits for typing to pause
    expect(within(results()).queryAllByTestId("dish-card")).toEqual([]);
    const card = await within(results()).findByTestId("dish-card");
    expect(card.dataset.dishId).toBe("202");
    expect(card.textContent).toContain("清蒸鲈鱼时价/斤");
  });

  it("shows the same cards and rules as the menu", async () => {
    const { input } = await openSearch();
    fireEvent.change(input, { target: { value: "红烧" } });
    const card = await within(results()).findByTestId("dish-card");
    // the fixtures' stock answer sells 红烧肉 out
    expect(within(card).getByText("售罄")).toBeTruthy();
    expect(within(card).getByRole("img").getAttribute("src")).toMatch(/@200w_200h_1e_1c$/);
  });

  it("says so when nothing matches", async () => {
    const { input } = await openSearch();
    fireEvent.change(input, { target: { value: "牛排" } });
    expect(await within(results()).findByText("没有找到相关菜品")).toBeTruthy();
  });

  it("goes back to the menu, which kept its scroll position, and keeps its own search for the next visit", async () => {
    const { app, input } = await openSearch();
    const scroller = screen.getByTestId("menu-scroller");
    fireEvent.change(input, { target: { value: "鱼" } });
    await within(results()).findByTestId("dish-card");
    // the menu waits behind, hidden and out of reach, but still there
    expect(pane(scroller)?.getAttribute("aria-hidden")).toBe("true");
    expect(pane(scroller)?.hasAttribute("inert")).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: COPY.back }));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/main?${LINK}`)));
    expect(screen.getByTestId("menu-scroller")).toBe(scroller);
    expect(pane(scroller)?.getAttribute("aria-hidden")).toBe("false");
    expect(pane(input)?.getAttribute("aria-hidden")).toBe("true");

    scroller.scrollTop = 480;
    fireEvent.click(screen.getByRole("button", { name: COPY.search }));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/search?${LINK}`)));
    expect(screen.getByRole("searchbox", { hidden: true })).toBe(input);
    expect((input as HTMLInputElement).value).toBe("鱼");
    expect(within(results()).getByTestId("dish-card").dataset.dishId).toBe("202");

    fireEvent.click(screen.getByRole("button", { name: COPY.back }));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/main?${LINK}`)));
    expect(scroller.scrollTop).toBe(480);
  });

  it("returns to the menu from a search page that was the first one opened", async () => {
    sessionStorage.setItem(ROUTE_NAME_KEY, "/search");
    setCookie("guid", GUID);
    fakeServer();
    const app = renderApp(`/?${LINK}`);
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/search?${LINK}`)));
    const input = await screen.findByRole("searchbox");
    // the menu started the store behind it, so the search has dishes to find
    fireEvent.change(input, { target: { value: "黄瓜" } });
    expect((await within(results()).findByTestId("dish-card")).dataset.dishId).toBe("101");
    fireEvent.click(screen.getByRole("button", { name: COPY.back }));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/main?${LINK}`)));
  });
});
