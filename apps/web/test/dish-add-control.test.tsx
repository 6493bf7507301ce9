import { detailId, EMPTY_CHOICE, TOO_MANY_MESSAGE } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DISH_COPY } from "../src/copy.js";
import { useCartStore } from "../src/features/cart/index.js";
import { DishAddControl, DishModalsHost } from "../src/features/dish/index.js";
import { useAppStore } from "../src/store/app-store.js";
import {
  BATCH,
  BUNS,
  CROAKER,
  CUCUMBER,
  EGGS,
  FISH,
  FIXED_SET,
  MANGO,
  OUT_OF_PERIOD,
  PICK_SET,
  SEA_BASS,
  SOLD_OUT,
  startedStore,
} from "./dish-fixtures.js";
import {
  controlledClock,
  LINK_QUERY,
  minusOf,
  outside,
  plusOf,
  renderOnMenu,
  typeOnKeypad,
} from "./dish-harness.js";

const cardsOf = (dishes: Array<{ dishesId: number; name: string }>) => (
  <>
    {dishes.map((dish) => {
      const food = useAppStore.getState().foods.find((f) => f.dishesId === dish.dishesId);
      return food ? (
        <div key={dish.dishesId} data-testid={`card-${dish.dishesId}`}>
          <DishAddControl dish={food} />
        </div>
      ) : null;
    })}
    <DishModalsHost />
  </>
);

function showCards(...dishes: Array<{ dishesId: number; name: string }>) {
  startedStore();
  return renderOnMenu(cardsOf(dishes));
}

const card = (dish: { dishesId: number }) => screen.getByTestId(`card-${dish.dishesId}`);
const countOf = (dish: { dishesId: number }) =>
  within(card(dish)).queryByTestId("stepper-count")?.textContent ?? null;
const lineCount = (foodId: number) =>
  useCartStore.getState().lines.find((line) => line.detailId === detailId(foodId, EMPTY_CHOICE))?.count;

describe("the add control of a single dish", () => {
  it("adds the minimum first, then the step; − goes down and out at the minimum", async () => {
    const clock = controlledClock();
    showCards(BUNS);
    expect(countOf(BUNS)).toBeNull();
    expect(within(card(BUNS)).queryByRole("button", { name: DISH_COPY.minus })).toBeNull();
    fireEvent.click(plusOf(card(BUNS)));
    expect(countOf(BUNS)).toBe("2");
    clock.advance(300);
    fireEvent.click(plusOf(card(BUNS)));
    expect(countOf(BUNS)).toBe("4");
    clock.advance(300);
    // at 4 the keypad takes over, so go back down from 2 instead
    await outside(() => useCartStore.getState().set(detailId(BUNS.dishesId, EMPTY_CHOICE), "2"));
    fireEvent.click(minusOf(card(BUNS)));
    expect(countOf(BUNS)).toBeNull();
    expect(useCartStore.getState().lines).toEqual([]);
  });

  it("lets one tap through per 300 ms", () => {
    const clock = controlledClock();
    showCards(CUCUMBER);
    fireEvent.click(plusOf(card(CUCUMBER)));
    fireEvent.click(plusOf(card(CUCUMBER)));
    clock.advance(299);
    fireEvent.click(plusOf(card(CUCUMBER)));
    expect(countOf(CUCUMBER)).toBe("1");
    clock.advance(1);
    fireEvent.click(plusOf(card(CUCUMBER)));
    expect(countOf(CUCUMBER)).toBe("2");
  });

  it("shows the stock message when an add would take more than is left", async () => {
    const clock = controlledClock();
    showCards(MANGO);
    fireEvent.click(plusOf(card(MANGO)));
    clock.advance(300);
    fireEvent.click(plusOf(card(MANGO)));
    clock.advance(300);
    fireEvent.click(plusOf(card(MANGO)));
    expect(await screen.findByText("杨枝甘露仅剩2份")).toBeTruthy();
    expect(countOf(MANGO)).toBe("2");
  });

  it("cart.low-stock-hint: tells the low-stock hint {name}仅剩{n}份 on an add while 1 to 10 are left, and nothing with more (001 §5)", async () => {
    const clock = controlledClock();
    const few = { ...CUCUMBER, estimate: 8 };
    const plenty = { ...BUNS, estimate: 11 };
    startedStore({ foods: [few, plenty] });
    renderOnMenu(cardsOf([few, plenty]));
    fireEvent.click(plusOf(card(plenty)));
    await waitFor(() => expect(countOf(plenty)).toBe("2"));
    expect(screen.queryByText(/仅剩/)).toBeNull();
    clock.advance(300);
    fireEvent.click(plusOf(card(few)));
    expect(await screen.findByText("拍黄瓜仅剩8份")).toBeTruthy();
  });

  it("opens the keypad with 4 or more, for + and −, and sets the typed count", async () => {
    const clock = controlledClock();
    showCards(CUCUMBER);
    await outside(async () => {
      await useCartStore.getState().add(CUCUMBER.dishesId, EMPTY_CHOICE);
      await useCartStore.getState().set(detailId(CUCUMBER.dishesId, EMPTY_CHOICE), "4");
    });
    expect(countOf(CUCUMBER)).toBe("4");
    fireEvent.click(plusOf(card(CUCUMBER)));
    const sheet = await screen.findByTestId("quantity-sheet");
    expect(within(sheet).getByText(DISH_COPY.enterCount)).toBeTruthy();
    // no decimals for a counted dish
    expect(within(sheet).queryByRole("button", { name: "." })).toBeNull();
    await typeOnKeypad("12");
    expect(lineCount(CUCUMBER.dishesId)).toBe("12");

    clock.advance(300);
    fireEvent.click(minusOf(card(CUCUMBER)));
    await typeOnKeypad("5");
    await waitFor(() => expect(lineCount(CUCUMBER.dishesId)).toBe("5"));
  });

  it("refuses more than 999 with 您选择的菜品数量太多了！", async () => {
    showCards(CUCUMBER);
    await outside(async () => {
      await useCartStore.getState().add(CUCUMBER.dishesId, EMPTY_CHOICE);
      await useCartStore.getState().set(detailId(CUCUMBER.dishesId, EMPTY_CHOICE), "5");
    });
    fireEvent.click(plusOf(card(CUCUMBER)));
    await typeOnKeypad("1000");
    expect(await screen.findByText("您选择的菜品数量太多了！")).toBeTruthy();
    expect(TOO_MANY_MESSAGE).toBe("您选择的菜品数量太多了！");
    expect(lineCount(CUCUMBER.dishesId)).toBe("5");
  });

  it("adds a weighed dish by its typed weight, with decimals, and edits it on the keypad", async () => {
    const clock = controlledClock();
    showCards(CROAKER);
    fireEvent.click(plusOf(card(CROAKER)));
    const sheet = await screen.findByTestId("quantity-sheet");
    expect(within(sheet).getByText(DISH_COPY.enterWeight)).toBeTruthy();
    // what it would cost at the typed weight, before it is confirmed
    fireEvent.click(within(sheet).getByRole("button", { name: "1" }));
    fireEvent.click(within(sheet).getByRole("button", { name: "." }));
    fireEvent.click(within(sheet).getByRole("button", { name: "2" }));
    fireEvent.click(within(sheet).getByRole("button", { name: "5" }));
    expect(within(sheet).getByTestId("quantity-price").textContent).toBe("¥60");
    fireEvent.click(within(sheet).getByRole("button", { name: DISH_COPY.confirm }));
    await waitFor(() => expect(lineCount(CROAKER.dishesId)).toBe("1.25"));
    expect(countOf(CROAKER)).toBe("1.25两");

    // even below 4, a weighed dish's + and − open the keypad
    clock.advance(300);
    fireEvent.click(minusOf(card(CROAKER)));
    await typeOnKeypad("2.5");
    await waitFor(() => expect(lineCount(CROAKER.dishesId)).toBe("2.5"));
  });
});

describe("the add control of other dishes", () => {
  it("shows nothing for a sold-out dish or one out of its sale hours", () => {
    showCards(SOLD_OUT, OUT_OF_PERIOD);
    expect(card(SOLD_OUT).textContent).toBe("");
    expect(card(OUT_OF_PERIOD).textContent).toBe("");
  });

  it("dish.availability-codes: reads the food list's salablePeriodType 3 (unavailable) and 2 (soon) as availableStatus's (001 §4)", () => {
    const unavailable = { ...CUCUMBER, salablePeriodType: 3 as const };
    const soon = { ...EGGS, salablePeriodType: 2 as const };
    const onSale = { ...BUNS, salablePeriodType: 1 as const };
    startedStore({ foods: [unavailable, soon, onSale] });
    renderOnMenu(cardsOf([unavailable, soon, onSale]));
    expect(card(CUCUMBER).textContent).toBe("");
    expect(card(EGGS).textContent).toBe("");
    expect(within(card(BUNS)).queryAllByRole("button").length).toBeGreaterThan(0);
  });

  it("follows the period info once it has loaded", () => {
    startedStore({
      periodDishes: {
        [CUCUMBER.dishesId]: {
          foodId: CUCUMBER.dishesId,
          availableDays: "0",
          availableTime: "06:30-10:30",
          availableStatus: 3,
          nextTime: null,
          endsSoon: false,
          isAllDay: false,
          availableDaysString: "每天",
          availableTimeString: "06:30-10:30",
        },
      },
    });
    renderOnMenu(cardsOf([CUCUMBER]));
    expect(card(CUCUMBER).textContent).toBe("");
  });

  it("menu.add-modal-kind (000 §2): + adds a single dish at once (its plain add: the keypad, for a weighed one or from 4), opens the add-ons modal for add-ons and the property/spec modal for norms or methods", async () => {
    const clock = controlledClock();
    showCards(CUCUMBER, CROAKER, EGGS, FISH, SEA_BASS);
    fireEvent.click(plusOf(card(CUCUMBER)));
    await waitFor(() => expect(lineCount(CUCUMBER.dishesId)).toBeTruthy());
    expect(screen.queryByTestId("dish-sheet")).toBeNull();
    expect(screen.queryByTestId("quantity-sheet")).toBeNull();
    // one tap through per 300 ms
    clock.advance(300);
    fireEvent.click(plusOf(card(CROAKER)));
    expect(await screen.findByTestId("quantity-sheet")).toBeTruthy();
    expect(screen.queryByTestId("dish-sheet")).toBeNull();
    clock.advance(300);
    fireEvent.click(plusOf(card(EGGS)));
    expect((await screen.findByTestId("dish-sheet")).getAttribute("data-kind")).toBe("additions");
    clock.advance(300);
    fireEvent.click(plusOf(card(FISH)));
    await waitFor(() => expect(screen.getByTestId("dish-sheet").getAttribute("data-kind")).toBe("spec"));
    expect(screen.getByText("水煮鱼", { selector: "h3" })).toBeTruthy();
  });

  it("shows 选择 with the ordered count for combos and complex dishes, and goes to their page", async () => {
    const app = showCards(PICK_SET, FIXED_SET, BATCH);
    for (const dish of [PICK_SET, FIXED_SET, BATCH]) {
      expect(within(card(dish)).getByRole("button", { name: "选择" })).toBeTruthy();
    }
    expect(DISH_COPY.choose).toBe("选择");
    await outside(() =>
      useCartStore.setState({
        lines: [
          { ...EMPTY_CHOICE, detailId: "401__@501#1", foodId: 401, count: "2", memo: "" },
          { ...EMPTY_CHOICE, detailId: "401__@502#1", foodId: 401, count: "1", memo: "" },
          { ...EMPTY_CHOICE, detailId: "403_1401_", foodId: 403, count: "120", memo: "" },
        ],
      }),
    );
    expect(await within(card(PICK_SET)).findByText("3")).toBeTruthy();
    expect(within(card(BATCH)).getByText("99+")).toBeTruthy();
    expect(card(FIXED_SET).querySelector(".adm-badge")).toBeNull();

    fireEvent.click(within(card(PICK_SET)).getByRole("button", { name: "选择" }));
    await waitFor(() =>
      expect(app.where()).toEqual({ path: "/foodCombo", query: { ...LINK_QUERY, foodId: "401" } }),
    );
  });

  it("sends a complex dish to /foodBatch", async () => {
    const app = showCards(BATCH);
    fireEvent.click(within(card(BATCH)).getByRole("button", { name: "选择" }));
    await waitFor(() =>
      expect(app.where()).toEqual({ path: "/foodBatch", query: { ...LINK_QUERY, foodId: "403" } }),
    );
  });
});
