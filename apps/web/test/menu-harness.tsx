import { API, type Dish, type PeriodDishInfo, type RestaurantDetail } from "@tablemate/core";
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { clearToasts } from "../src/features/loading/toast.js";
import { useAppStore } from "../src/store/app-store.js";
import { setCookie } from "./cookies.js";
import { fakeServer, type Handler, ok } from "./fake-server.js";
import { GUID, restaurant, TABLE_QUERY } from "./fixtures.js";
import { renderApp } from "./render-app.js";

/** The query of the fixtures' table link. */
export const LINK = "hotelid=7&tn=12&sid=signed-table-token";

afterEach(() => {
  clearToasts();
});

export interface MenuSetup {
  restaurant?: Partial<RestaurantDetail>;
  foods?: Dish[];
  recommends?: Dish[];
  periods?: PeriodDishInfo[];
  routes?: Record<string, Handler>;
  /** false: the diner has not touched the page yet (what loads on first use has not) */
  used?: boolean;
}

/** Scans the fixtures' table with this menu and waits for the menu to show. */
export async function openMenu(setup: MenuSetup = {}) {
  setCookie("guid", GUID);
  const server = fakeServer({
    [API.restaurantDetail]: () => ok(restaurant(setup.restaurant)),
    ...(setup.foods ? { [API.foodList]: () => ok(setup.foods) } : {}),
    ...(setup.recommends ? { [API.recommend]: () => ok(setup.recommends, 200) } : {}),
    ...(setup.periods ? { [API.periodDish]: () => ok(setup.periods, 200) } : {}),
    ...setup.routes,
  });
  const app = renderApp(`/?${LINK}`);
  await screen.findByText("A12", { selector: "[data-testid=table-name]" });
  await settle();
  // the diner uses the page (a key), as one does before reading: the member layer loads then
  if (setup.used !== false) fireEvent.keyDown(window, { key: "Shift" });
  return { app, server };
}

/**
 * Waits until the menu's entry has loaded everything (the stock refresh lands after the first
 * paint) and the list has had its next frame, so what a test taps stays put.
 */
export async function settle(): Promise<void> {
  // joins the entry under way, or refreshes the stock once more; either way, awaited to its end
  await act(() => useAppStore.getState().enterMain(TABLE_QUERY));
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

export function cardOf(name: string, testId = "dish-card"): HTMLElement {
  const card = screen.getAllByTestId(testId).find((element) => element.textContent?.includes(name));
  if (!card) throw new Error(`no card for ${name}`);
  return card;
}

/** A dish's period info as the server sends it. */
export function period(foodId: number, overrides: Partial<PeriodDishInfo> = {}): PeriodDishInfo {
  return {
    foodId,
    availableDays: "0",
    availableTime: "0",
    availableStatus: 1,
    nextTime: null,
    endsSoon: false,
    isAllDay: true,
    availableDaysString: "每天",
    availableTimeString: "全天",
    ...overrides,
  };
}

/** Date.now under the test's control, for the tap throttle. */
export function controlledNow(start = 1_700_000_000_000) {
  let now = start;
  vi.spyOn(Date, "now").mockImplementation(() => now);
  return {
    advance: (ms: number) => {
      now += ms;
    },
  };
}
