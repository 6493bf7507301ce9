import { TIMING } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DISH_COPY } from "../src/copy.js";
import { openDishDetail } from "../src/features/dish/index.js";
import { useAppStore } from "../src/store/app-store.js";
import { dish } from "./fixtures.js";
import { cardOf, controlledNow, openMenu, period } from "./menu-harness.js";

vi.mock("../src/features/dish/index.js", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../src/features/dish/index.js")>()),
  openDishDetail: vi.fn(),
}));

const FOODS = [
  dish({ dishesId: 1, name: "拍黄瓜", typeId: 1, price: 12.999 }),
  dish({ dishesId: 2, name: "清蒸鲈鱼", typeId: 1, price: 0.0001, unit: "斤" }),
  dish({ dishesId: 3, name: "海鲜拼盘", typeId: 1, price: 100, pricingType: 1, startPrice: 88.5 }),
  dish({ dishesId: 4, name: "北京烤鸭", typeId: 1, price: 68, unit: "半只烤鸭套" }),
  dish({ dishesId: 5, name: "红烧肉", typeId: 1, price: 58, vipPrice: 48.5 }),
  dish({ dishesId: 6, name: "毛血旺", typeId: 1, estimate: 0 }),
  dish({ dishesId: 7, name: "水饺", typeId: 1, minCount: 2, unit: "两" }),
  dish({ dishesId: 8, name: "鲍鱼", typeId: 1, estimate: 3 }),
  dish({ dishesId: 9, name: "皮蛋粥", typeId: 1, estimate: 5 }),
  dish({ dishesId: 10, name: "夜宵烤串", typeId: 1, availableStatus: 3 }),
  dish({ dishesId: 11, name: "深夜甜品", typeId: 1, estimate: 0, availableStatus: 3 }),
];

const PERIODS = [
  period(9, { endsSoon: true, nextTime: "10:30", isAllDay: false }),
  period(10, { availableStatus: 3, availableTimeString: "22:00-23:59", isAllDay: false }),
  period(11, { availableStatus: 2, nextTime: "21:00", availableTimeString: "21:00-23:00", isAllDay: false }),
];

const textOf = (name: string) => cardOf(name).textContent;

beforeEach(() => {
  vi.mocked(openDishDetail).mockClear();
});

describe("a dish card", () => {
  it("shows the price truncated, 时价 for a market price, and 起 after a starting price", async () => {
    await openMenu({ foods: FOODS });
    expect(textOf("拍黄瓜")).toContain("¥12.99");
    expect(textOf("清蒸鲈鱼")).toContain("时价/斤");
    expect(textOf("海鲜拼盘")).toContain("¥88.5起");
    expect(within(cardOf("海鲜拼盘")).getByText("起").className).toBe("dish-price__from");
  });

  it("shows the unit with a slash, cut to 5 characters, and none for 份", async () => {
    await openMenu({ foods: FOODS });
    expect(textOf("北京烤鸭")).toContain("¥68/半只烤鸭");
    expect(textOf("北京烤鸭")).not.toContain("套");
    expect(textOf("拍黄瓜")).not.toContain("/");
  });

  it("tags the member price 会员价 for a diner who is not a member, and 会员已省 for a member", async () => {
    // the card alone: the member layer (which would set the flag from the cards it reads) not loaded
    await openMenu({ foods: FOODS, used: false });
    expect(within(cardOf("红烧肉")).getByText("会员价48.5")).toBeTruthy();
    expect(textOf("红烧肉")).toContain("¥58");
    expect(textOf("拍黄瓜")).not.toContain("会员");

    // the member issue flips this flag once cards load
    useAppStore.setState({ isMember: true });
    expect(await within(cardOf("红烧肉")).findByText("会员已省9.50")).toBeTruthy();
    expect(textOf("红烧肉")).toContain("¥48.5");
  });

  it("shows 售罄 on a sold-out dish that is within its sale hours", async () => {
    await openMenu({ foods: FOODS, periods: PERIODS });
    expect(within(cardOf("毛血旺")).getByText("售罄")).toBeTruthy();
    expect(DISH_COPY.soldOut).toBe("售罄");
    // outside its hours the period mask shows instead
    expect(within(cardOf("深夜甜品")).queryByText("售罄")).toBeNull();
    expect(within(cardOf("深夜甜品")).getByTestId("period-mask").textContent).toBe(
      "21:00后可售每天 21:00-23:00",
    );
  });

  it("adds the attach text: minimum + unit + 起售, 仅剩 + stock, the end time + 后不可售", async () => {
    await openMenu({ foods: FOODS, periods: PERIODS });
    expect(textOf("水饺")).toContain("2两起售");
    expect(textOf("鲍鱼")).toContain("仅剩3");
    expect(textOf("皮蛋粥")).toContain("仅剩5，10:30后不可售");
    expect(textOf("拍黄瓜")).not.toMatch(/起售|仅剩|后不可售/);
  });

  it("masks a dish outside its sale hours with the hours, and a tap says 非可售时间 instead of opening it", async () => {
    await openMenu({ foods: FOODS, periods: PERIODS });
    const card = cardOf("夜宵烤串");
    expect(within(card).getByTestId("period-mask").textContent).toBe("暂不可售每天 22:00-23:59");
    fireEvent.click(card);
    const toast = await screen.findByText("非可售时间，可售时间：每天 22:00-23:59");
    const shownAt = Date.now();
    expect(openDishDetail).not.toHaveBeenCalled();
    // at the bottom, for 2.5 s
    expect(toast.closest("[data-position]")?.getAttribute("data-position")).toBe("bottom");
    await waitFor(() => expect(screen.queryByText("非可售时间，可售时间：每天 22:00-23:59")).toBeNull(), {
      timeout: TIMING.toastMs + 1_500,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(TIMING.toastMs - 100);
  });

  it("falls back to the food list's own period when the period info did not load", async () => {
    const night = dish({
      dishesId: 12,
      name: "宵夜粥",
      typeId: 1,
      availableStatus: 3,
      salablePeriod: { week: "6,7", time: "22:00-23:30" },
    });
    await openMenu({ foods: [night], routes: {} });
    expect(within(cardOf("宵夜粥")).getByTestId("period-mask").textContent).toBe(
      "暂不可售周六、周日 22:00-23:30",
    );
  });

  it("says when a dish available soon (2) can be ordered, lists it after those on sale, and offers no add", async () => {
    const foods = [
      dish({ dishesId: 21, name: "晚市烤鸭", typeId: 1, availableStatus: 2 }),
      dish({ dishesId: 22, name: "早茶虾饺", typeId: 1, availableStatus: 3 }),
      dish({ dishesId: 23, name: "毛血旺", typeId: 1, estimate: 0 }),
      dish({ dishesId: 24, name: "拍黄瓜", typeId: 1 }),
    ];
    const periods = [
      period(21, {
        availableStatus: 2,
        nextTime: "17:00",
        availableTimeString: "17:00-21:00",
        isAllDay: false,
      }),
      period(22, { availableStatus: 3, availableTimeString: "07:00-10:00", isAllDay: false }),
    ];
    await openMenu({ foods, periods });
    const names = screen
      .getAllByTestId("dish-card")
      .map((card) => card.querySelector(".dish-card__name")?.textContent);
    // on sale, available soon, then unavailable now and sold out (each in menu order)
    expect(names).toEqual(["拍黄瓜", "晚市烤鸭", "早茶虾饺", "毛血旺"]);
    expect(within(cardOf("晚市烤鸭")).getByTestId("period-mask").textContent).toBe(
      "17:00后可售每天 17:00-21:00",
    );
    expect(within(cardOf("早茶虾饺")).getByTestId("period-mask").textContent).toBe(
      "暂不可售每天 07:00-10:00",
    );
    for (const name of ["晚市烤鸭", "早茶虾饺", "毛血旺"]) {
      expect(within(cardOf(name)).queryByRole("button", { name: DISH_COPY.plus })).toBeNull();
    }
    expect(within(cardOf("拍黄瓜")).getByRole("button", { name: DISH_COPY.plus })).toBeTruthy();
    fireEvent.click(cardOf("晚市烤鸭"));
    expect(await screen.findByText("非可售时间，可售时间：每天 17:00-21:00")).toBeTruthy();
    expect(openDishDetail).not.toHaveBeenCalled();
  });

  it("opens the dish's detail on a tap, once for taps within 505 ms", async () => {
    const clock = controlledNow();
    await openMenu({ foods: FOODS });
    const card = cardOf("拍黄瓜");
    fireEvent.click(card);
    clock.advance(TIMING.tapThrottleMs - 1);
    fireEvent.click(within(card).getByRole("button", { name: "拍黄瓜" }));
    expect(openDishDetail).toHaveBeenCalledTimes(1);
    expect(vi.mocked(openDishDetail).mock.calls[0]?.[0]).toMatchObject({ dishesId: 1 });
    clock.advance(1);
    fireEvent.click(card);
    expect(openDishDetail).toHaveBeenCalledTimes(2);
  });

  it("carries the add control, whose taps do not open the detail", async () => {
    await openMenu({ foods: FOODS });
    const card = cardOf("拍黄瓜");
    const control = card.querySelector<HTMLElement>("[data-own-taps]");
    expect(control && within(control).getByRole("button", { name: DISH_COPY.plus })).toBeTruthy();
    // a tap on the control's area (what the control does with it is the dish feature's)
    fireEvent.click(control ?? card);
    expect(openDishDetail).not.toHaveBeenCalled();
  });

  it("reserves each picture's box: the layout's size suffix, and width and height for its proportions", async () => {
    await openMenu({ foods: FOODS.slice(0, 1) });
    const image = within(cardOf("拍黄瓜")).getByRole("img");
    expect(image.getAttribute("src")).toBe("https://img.example.com/dish/1.webp@200w_200h_1e_1c");
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["200", "200"]);
    expect(image.getAttribute("alt")).toBe("拍黄瓜");
  });

  it("keeps data-dish-id on every card", async () => {
    await openMenu({ foods: FOODS });
    await waitFor(() => expect(screen.getAllByTestId("dish-card")).toHaveLength(FOODS.length));
    // every dish once (sold-out ones are listed after those on sale, so the order is the menu's own)
    const ids = screen.getAllByTestId("dish-card").map((card) => Number(card.dataset.dishId));
    expect(ids.sort((a, b) => a - b)).toEqual(FOODS.map((d) => d.dishesId).sort((a, b) => a - b));
  });
});
