import { type DishMessage, EMPTY_CHOICE, MSG } from "@tablemate/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DISH_COPY } from "../src/copy.js";
import { CartBar, useCartStore } from "../src/features/cart/index.js";
import { emitTableEvent } from "../src/features/cart/table-events.js";
import { useAppStore } from "../src/store/app-store.js";
import { CUCUMBER, PICK_SET, startedStore } from "./dish-fixtures.js";
import { outside, renderOnMenu } from "./dish-harness.js";

const fromMate = () => ({
  code: 1000 as const,
  socketId: crypto.randomUUID(),
  version: 9,
  cart: { cartId: 1, version: 9, personNum: 2, lines: [] },
  actor: { guid: "mate-0000-0002", name: "小王" },
  opId: crypto.randomUUID(),
});

/** Type 1: 小王 added (inc "1") or removed (inc "-1") one of a plain dish. */
function tablemateDish(foodId: number, inc: "1" | "-1"): DishMessage {
  return Object.assign(fromMate(), {
    type: MSG.dish,
    value: inc === "1" ? "1" : "0",
    inc,
    foodId,
    detail: `${foodId}__`,
    normId: null,
    methodId: "",
    batch: [],
    Weigh: false,
    accessType: "realTable" as const,
  });
}

async function openLines() {
  fireEvent.click(within(screen.getByTestId("cart-bar")).getByRole("button", { name: DISH_COPY.cart }));
  return screen.findByTestId("cart-lines");
}

/** A main, the rice and two drinks: a combo is added only with every group chosen. */
const SET_CHOICE = {
  ...EMPTY_CHOICE,
  parts: [501, 503, 504, 506].map((itemId) => ({ itemId, count: 1 })),
};

afterEach(() => vi.useRealTimers());

describe("the shared cart on the page", () => {
  it("shows a tablemate's addition for 3 seconds", async () => {
    startedStore();
    renderOnMenu(<CartBar />);
    vi.useFakeTimers();
    act(() => emitTableEvent({ message: tablemateDish(CUCUMBER.dishesId, "1"), fromTablemate: true }));
    expect(screen.getByTestId("tablemate-notice").textContent).toBe(`小王加了${CUCUMBER.name}`);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByTestId("tablemate-notice")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("tablemate-notice")).toBeNull();
    act(() => emitTableEvent({ message: tablemateDish(CUCUMBER.dishesId, "-1"), fromTablemate: true }));
    expect(screen.getByTestId("tablemate-notice").textContent).toBe(`小王减了${CUCUMBER.name}`);
    act(() => emitTableEvent({ message: tablemateDish(CUCUMBER.dishesId, "1"), fromTablemate: false }));
    expect(screen.getByTestId("tablemate-notice").textContent).toBe(`小王减了${CUCUMBER.name}`);
  });

  it("edits a line's note with tags, refusing a repeated tag and more than 32 characters", async () => {
    startedStore();
    useAppStore.setState({
      memos: [
        { id: 1, type: "KOU_WEI", content: "少辣", number: 2 },
        { id: 2, type: "KOU_WEI", content: "不要香菜", number: 5 },
        { id: 3, type: "ZHENG_DAN", content: "整单打包", number: 9 },
      ],
    });
    renderOnMenu(<CartBar />);
    await outside(() => useCartStore.getState().add(CUCUMBER.dishesId, EMPTY_CHOICE));
    const list = await openLines();
    fireEvent.click(within(list).getByText(CUCUMBER.name));
    const tags = (await screen.findAllByRole("button", { name: /少辣|不要香菜|整单打包/ })).map(
      (b) => b.textContent,
    );
    expect(tags).toEqual(["不要香菜", "少辣"]);
    fireEvent.click(screen.getByRole("button", { name: "少辣" }));
    fireEvent.click(screen.getByRole("button", { name: "不要香菜" }));
    expect((screen.getByTestId("comment-text") as HTMLTextAreaElement).value).toBe("少辣，不要香菜");
    fireEvent.click(screen.getByRole("button", { name: "少辣" }));
    expect(await screen.findByText("已有相应备注")).toBeTruthy();
    fireEvent.change(screen.getByTestId("comment-text"), { target: { value: "辣".repeat(33) } });
    fireEvent.click(screen.getByTestId("comment-save"));
    expect(await screen.findByText("备注不能超过32个字符")).toBeTruthy();
    fireEvent.change(screen.getByTestId("comment-text"), { target: { value: "少辣🌶️" } });
    fireEvent.click(screen.getByTestId("comment-save"));
    await waitFor(() => expect(useCartStore.getState().lines[0]?.memo).toBe("少辣"));
    expect(within(list).getByTestId("cart-line-memo").textContent).toBe("少辣");
  });

  it("offers the default tags when the restaurant has none, and no note for a combo", async () => {
    startedStore();
    useAppStore.setState({ memos: [] });
    renderOnMenu(<CartBar />);
    await outside(async () => {
      await useCartStore.getState().add(CUCUMBER.dishesId, EMPTY_CHOICE);
      await useCartStore.getState().add(PICK_SET.dishesId, SET_CHOICE);
    });
    const list = await openLines();
    const combo = within(list).getByText(PICK_SET.name).closest("button");
    expect(combo?.disabled).toBe(true);
    fireEvent.click(within(list).getByText(CUCUMBER.name));
    for (const tag of [
      "不加辣",
      "微辣",
      "清淡",
      "少加盐",
      "不加香菜",
      "不加葱",
      "不加蒜",
      "不加姜",
      "不加酱油",
      "不加胡椒",
      "不加花椒",
    ]) {
      expect(await screen.findByRole("button", { name: tag })).toBeTruthy();
    }
  });
});
