import { API, type StockDish, type StockOverview } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { STOCK_COPY } from "../src/copy/index.js";
import { fakeApi, OWNER_SESSION } from "./fake-api.js";
import { renderConsole } from "./render.js";

const dish = (id: number, name: string, over: Partial<StockDish> = {}): StockDish => ({
  id,
  name,
  categoryId: 1,
  isCombo: false,
  estimate: -1,
  snoozedUntil: null,
  state: "onSale",
  available: -1,
  ...over,
});

const OVERVIEW: StockOverview = {
  categories: [{ id: 1, name: "招牌菜" }],
  dishes: [
    dish(11, "毛血旺"),
    dish(12, "水煮鱼", { state: "snoozed", snoozedUntil: "2026-11-24T12:30:00.000Z", available: 0 }),
    dish(13, "松鼠桂鱼", { state: "counted", estimate: 3, available: 3 }),
    dish(14, "双人套餐", { isCombo: true, available: 0 }),
  ],
  additions: [],
  posOnline: true,
  timezone: "Asia/Shanghai",
  now: "2026-11-24T10:00:00.000Z",
};

const rowElement = async (name: string) => {
  const tr = (await screen.findByText(name)).closest("tr");
  if (!tr) throw new Error("no row");
  return tr;
};
const row = async (name: string) => within(await rowElement(name));

describe("the stock page", () => {
  it("shows each dish's state, and 估清 sends the change and shows it", async () => {
    let overview = OVERVIEW;
    const soldOut = dish(11, "毛血旺", { estimate: 0, state: "soldOut", available: 0 });
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleStock(1)}`]: () => ({ data: overview }),
      [`PUT ${API.consoleDishStock(1, 11)}`]: () => {
        overview = { ...overview, dishes: overview.dishes.map((d) => (d.id === 11 ? soldOut : d)) };
        return { data: soldOut };
      },
    });
    renderConsole("/stock");
    await screen.findByTestId("stock-page");
    // the snooze's end on the restaurant's clock (12:30 UTC is 20:30 in Shanghai)
    expect((await row("水煮鱼")).getByText(STOCK_COPY.states.snoozed("20:30"))).toBeTruthy();
    expect((await row("松鼠桂鱼")).getByText(STOCK_COPY.states.counted(3))).toBeTruthy();
    expect((await row("双人套餐")).getByText(STOCK_COPY.states.comboBlocked)).toBeTruthy();
    fireEvent.click(await screen.findByTestId("sold-out-11"));
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true));
    await waitFor(async () =>
      expect((await row("毛血旺")).getByText(STOCK_COPY.states.soldOut)).toBeTruthy(),
    );
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ action: "soldOut" });
  });

  it("sets a count over the count shown; when an order changed it, says so and reads the stock again", async () => {
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleStock(1)}`]: { data: OVERVIEW },
      [`PUT ${API.consoleDishStock(1, 13)}`]: {
        status: 409,
        raw: JSON.stringify({ code: 4181, success: false, data: null, message: "库存已变化，请确认后重试" }),
      },
    });
    renderConsole("/stock");
    fireEvent.click((await row("松鼠桂鱼")).getByRole("button", { name: STOCK_COPY.setCount }));
    const input = await screen.findByTestId("count-input");
    fireEvent.change(input, { target: { value: "8" } });
    fireEvent.click(screen.getByTestId("count-save"));
    await screen.findByText(STOCK_COPY.changed);
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({
      action: "count",
      estimate: 8,
      expected: 3,
    });
    await waitFor(() => expect(api.calls.filter((c) => c.url === API.consoleStock(1))).toHaveLength(2));
  });
});
