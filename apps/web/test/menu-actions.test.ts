import { API } from "@tablemate/core";
import { describe, expect, it, vi } from "vitest";
import { useAppStore } from "../src/store/app-store.js";
import { setCookie } from "./cookies.js";
import { fakeServer, ok } from "./fake-server.js";
import { FOODS, GUID, HOTEL_ID, TABLE_QUERY } from "./fixtures.js";

function initialisedStore() {
  useAppStore.setState({ isInitial: true, hotelid: HOTEL_ID, foods: FOODS });
}

describe("menu actions", () => {
  it("fetchEstimate applies the sell-out sums to the listed dishes only", async () => {
    initialisedStore();
    const server = fakeServer();
    await useAppStore.getState().fetchEstimate();
    const estimates = Object.fromEntries(useAppStore.getState().foods.map((d) => [d.dishesId, d.estimate]));
    expect(estimates).toEqual({ 101: -1, 201: 0, 202: -1 });
    expect(useAppStore.getState().additionEstimates).toEqual({ 5: 3 });
    expect(server.paths()).toEqual([`${API.sellOut}/${HOTEL_ID}`]);
  });

  it("getPeriodDishInfo keeps each dish's period by id, and a failure leaves the menu as it was", async () => {
    initialisedStore();
    const info = {
      foodId: 101,
      availableDays: "0",
      availableTime: "11:00-14:00",
      availableStatus: 1,
      nextTime: null,
      endsSoon: false,
      isAllDay: false,
      availableDaysString: "每天",
      availableTimeString: "11:00-14:00",
    };
    fakeServer({ [API.periodDish]: () => ok([info], 200) });
    await useAppStore.getState().getPeriodDishInfo();
    expect(useAppStore.getState().periodDishes[101]).toEqual(info);

    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    fakeServer({ [API.periodDish]: () => "network-error" });
    await expect(useAppStore.getState().getPeriodDishInfo()).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalled();
    expect(useAppStore.getState().periodDishes[101]).toEqual(info);
  });

  it("entering /main starts the store, then loads period info and stock", async () => {
    setCookie("guid", GUID);
    const server = fakeServer();
    await useAppStore.getState().enterMain(TABLE_QUERY);
    expect(useAppStore.getState().isInitial).toBe(true);
    expect(server.paths()).toEqual(expect.arrayContaining([API.periodDish, `${API.sellOut}/${HOTEL_ID}`]));
    expect(useAppStore.getState().foods.find((d) => d.dishesId === 201)?.estimate).toBe(0);
  });

  it("entering /main again only refreshes the stock", async () => {
    initialisedStore();
    const server = fakeServer();
    await useAppStore.getState().enterMain(TABLE_QUERY);
    expect(server.paths()).toEqual([`${API.sellOut}/${HOTEL_ID}`]);
  });

  it("a double entry (StrictMode) loads once", async () => {
    setCookie("guid", GUID);
    const server = fakeServer();
    const { enterMain } = useAppStore.getState();
    await Promise.all([enterMain(TABLE_QUERY), enterMain(TABLE_QUERY)]);
    expect(server.paths().filter((path) => path === API.tableJoin)).toHaveLength(1);
    expect(server.paths().filter((path) => path === API.periodDish)).toHaveLength(1);
  });
});
