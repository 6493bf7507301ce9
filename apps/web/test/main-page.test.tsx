import { API } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { COPY } from "../src/copy.js";
import { MEMBER_COPY } from "../src/features/member/member-copy.js";
import { PROMPT_COPY, STARTUP_FAILURE_TEXT } from "../src/features/prompt/prompt-copy.js";
import { RESTAURANT_COPY } from "../src/features/restaurant/restaurant-copy.js";
import { useAppStore } from "../src/store/app-store.js";
import { setCookie } from "./cookies.js";
import { fail, fakeServer, ok } from "./fake-server.js";
import { GUID, HOTEL_ID, restaurant } from "./fixtures.js";
import { FUSE, memberRoutes } from "./member-fixtures.js";
import { cardOf, LINK, openMenu } from "./menu-harness.js";
import { normalizeUrl, renderApp } from "./render-app.js";

describe("menu page", () => {
  it("shows the loading overlay, then the table, categories and dishes", async () => {
    setCookie("guid", GUID);
    fakeServer();
    renderApp(`/?${LINK}`);
    expect(await screen.findByText("客官请稍等...")).toBeTruthy();

    await waitFor(() => expect(screen.getByTestId("table-name").textContent).toBe("A12"));
    expect(screen.queryByText(COPY.loading)).toBeNull();
    expect(screen.getByText(COPY.dinerCount(3))).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("老街小馆");
    expect(screen.getAllByTestId("category-item").map((item) => item.textContent)).toEqual(["凉菜", "热菜"]);
    expect(screen.getAllByTestId("dish-card")).toHaveLength(3);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["凉菜", "热菜"]);

    expect(cardOf("拍黄瓜").textContent).toContain("拍黄瓜¥12");
    // the fixtures' stock answer sells 红烧肉 out
    expect(cardOf("红烧肉").textContent).toContain("售罄红烧肉¥58.88/例");
    expect(cardOf("清蒸鲈鱼").textContent).toContain("清蒸鲈鱼时价/斤");
  });

  it("highlights a tapped category", async () => {
    await openMenu();
    const hot = await screen.findByText("热菜", { selector: "[data-testid=category-item]" });
    fireEvent.click(hot);
    await waitFor(() => expect(hot.closest("button")?.getAttribute("aria-pressed")).toBe("true"));
    expect(useAppStore.getState().categoryIndex).toBe(1);
  });

  it("goes to the abnormal page with the reason when startup fails", async () => {
    setCookie("guid", GUID);
    fakeServer({ [API.restaurantDetail]: () => fail(1011, "餐厅不存在", 404) });
    const app = renderApp(`/?${LINK}`);
    await waitFor(() =>
      expect(app.where()).toBe(normalizeUrl(`/prompt/abnormal?${LINK}&error=restaurantInfo`)),
    );
    expect((await screen.findByTestId("abnormal-reason")).textContent).toBe(
      STARTUP_FAILURE_TEXT.restaurantInfo,
    );
    expect(screen.getByTestId("prompt-view").textContent).toContain(PROMPT_COPY.rescanToEnter);
    expect(screen.getByRole("button", { name: PROMPT_COPY.retry })).toBeTruthy();
  });

  it("err.startup-failures (000 §8): a failed card version check sends startup to the abnormal page", async () => {
    setCookie("guid", GUID);
    fakeServer({ [API.restaurantDetail]: () => ok(restaurant({ serverVersion: "v2.x" }), 1000) });
    const app = renderApp(`/?${LINK}`);
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/prompt/abnormal?${LINK}&error=cardVersion`)));
    expect((await screen.findByTestId("abnormal-reason")).textContent).toBe("获取收银系统版本失败");
    expect(screen.getByTestId("prompt-view").textContent).toContain(PROMPT_COPY.rescanToEnter);
  });

  it("names an unknown restaurant as the restaurant's failure, not the user's", async () => {
    setCookie("guid", GUID);
    fakeServer({ [API.userInfo]: () => fail(1011, "餐厅不存在", 404) });
    const app = renderApp(`/?${LINK}`);
    await waitFor(() => expect(app.where()).toContain("error=restaurantInfo"));
    expect((await screen.findByTestId("abnormal-reason")).textContent).toBe(
      STARTUP_FAILURE_TEXT.restaurantInfo,
    );
  });

  it("says 没有hotelid for a link without one", async () => {
    fakeServer();
    const app = renderApp("/?tn=12&sid=s");
    await waitFor(() => expect(app.where()).toContain("error=hotelid"));
    expect((await screen.findByTestId("abnormal-reason")).textContent).toBe("没有hotelid");
  });

  it("tells the diner, a second after loading, when the register is offline", async () => {
    await openMenu({ routes: { [API.posStatus]: () => ok(false, 200) } });
    const dialog = await screen.findByRole("dialog", {}, { timeout: 2_000 });
    expect(within(dialog).getByText(COPY.posOffline)).toBeTruthy();
    expect(within(dialog).getByText(COPY.gotIt)).toBeTruthy();
  });
});

describe("top bar", () => {
  it("goes to /search with the carried query", async () => {
    const { app } = await openMenu();
    fireEvent.click(screen.getByRole("button", { name: COPY.search }));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/search?${LINK}`)));
  });

  it("shows the call-waiter bell as a named button, ready to call", async () => {
    await openMenu();
    const bell = screen.getByRole("button", { name: "呼叫服务员" });
    expect(bell.tagName).toBe("BUTTON");
    expect((bell as HTMLButtonElement).disabled).toBe(false);
  });

  it("opens the order list carrying only its 10 parameters", async () => {
    setCookie("guid", GUID);
    fakeServer();
    const extra = "orderId=9&mainWxId=w&realTableId=3&urlSource=3&shop=1";
    const app = renderApp(`/?${LINK}&${extra}`);
    await screen.findByText("A12", { selector: "[data-testid=table-name]" });
    fireEvent.click(screen.getByRole("button", { name: COPY.orderList }));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/order/list?${LINK}&urlSource=3&shop=1`)));
  });

  it("refreshes the stock", async () => {
    const { server } = await openMenu();
    const stockCalls = () => server.paths().filter((path) => path === `${API.sellOut}/${HOTEL_ID}`).length;
    const before = stockCalls();
    fireEvent.click(screen.getByRole("button", { name: COPY.refresh }));
    await waitFor(() => expect(stockCalls()).toBe(before + 1));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: COPY.refresh }).getAttribute("aria-busy")).toBe("false"),
    );
  });
});

describe("header area", () => {
  it("shows the welcome when the restaurant has no announcement, and its own otherwise", async () => {
    await openMenu();
    expect(screen.getByTestId("announcement").textContent).toBe("欢迎光临，很高兴为您服务");
  });

  it("shows the restaurant's announcement and discount", async () => {
    await openMenu({ restaurant: { announcement: "本店菜品偏辣", discountText: "满100减10" } });
    expect(screen.getByTestId("announcement").textContent).toBe("本店菜品偏辣");
    expect(screen.getByTestId("discount-banner").textContent).toBe(`${COPY.discount}满100减10`);
  });

  it("hides the discount banner when there is no offer", async () => {
    await openMenu();
    expect(screen.queryByTestId("discount-banner")).toBeNull();
  });

  it("keeps the member banner's place, which the banner fills once member initialisation succeeded", async () => {
    await openMenu({ routes: memberRoutes([]) });
    const place = screen.getByTestId("member-banner");
    expect((await within(place).findByTestId("member-bar-title")).textContent).toBe(MEMBER_COPY.join);
    expect(useAppStore.getState().memberInitialised).toBe(true);
  });

  it("folds the member banner's place away when the card types cannot be had", async () => {
    await openMenu({ routes: { [FUSE.cardRights]: () => fail(500, "系统错误", 500) } });
    const place = screen.getByTestId("member-banner");
    expect(await within(place).findByTestId("member-bar-hidden")).toBeTruthy();
    expect(useAppStore.getState().memberInitialised).toBe(false);
  });

  it("opens the restaurant detail panel from 展开全部, with a map link to /business/map", async () => {
    const detail = {
      restaurantName: "川味小馆",
      address: "上海市徐汇区漕溪北路88号",
      phone: "021-64381234",
      businessTime: "10:00-22:00",
      tags: ["川菜", "麻辣"],
      environment: ["大厅", "包间"],
      description: "十五年川味老店",
      latitude: 31.1946,
      longitude: 121.437,
    };
    const { app } = await openMenu({ restaurant: detail });
    fireEvent.click(screen.getByRole("button", { name: "展开全部" }));
    const panel = await screen.findByTestId("restaurant-detail");
    expect(within(panel).getByRole("heading", { level: 2 }).textContent).toBe("川味小馆");
    expect(within(panel).getByText(detail.address)).toBeTruthy();
    expect(within(panel).getByRole("link", { name: detail.phone }).getAttribute("href")).toBe(
      "tel:021-64381234",
    );
    expect(within(panel).getByText(detail.businessTime)).toBeTruthy();
    for (const chip of [...detail.tags, ...detail.environment])
      expect(within(panel).getByText(chip)).toBeTruthy();
    expect(within(panel).getByText(detail.description)).toBeTruthy();

    fireEvent.click(within(panel).getByRole("link", { name: RESTAURANT_COPY.viewMap }));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/business/map?${LINK}`)));
    expect((await screen.findByTestId("coordinates")).textContent).toBe("纬度31.1946°N经度121.437°E");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(RESTAURANT_COPY.mapTitle);
    // the menu stays mounted (kept alive) under the map page, its closed panel with it
    expect(within(screen.getByRole("main")).getByText(detail.address)).toBeTruthy();
  });
});
