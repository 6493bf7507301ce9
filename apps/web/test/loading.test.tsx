import { onSlowNetwork } from "@tablemate/client";
import { API, TIMING } from "@tablemate/core";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { http } from "../src/api/http.js";
import { DEFAULT_CLIENT_CONFIG } from "../src/config.js";
import { COPY } from "../src/copy.js";
import { setCookie } from "./cookies.js";
import { fakeServer, ok } from "./fake-server.js";
import { FOODS, GUID, restaurant } from "./fixtures.js";
import { LINK } from "./menu-harness.js";
import { injectPageData } from "./page-data.js";
import { renderApp } from "./render-app.js";

/** A promise the test settles by hand, for an answer that is still on its way. */
function later<T>() {
  let settle: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

describe("loading", () => {
  it("shows the restaurant's name and icon over 客官请稍等... while the first load runs", async () => {
    injectPageData({
      guid: GUID,
      restaurant: restaurant({ restaurantName: "川味小馆" }),
      config: DEFAULT_CLIENT_CONFIG,
    });
    setCookie("guid", GUID);
    const foods = later<void>();
    fakeServer({
      [API.foodList]: async () => {
        await foods.promise;
        return ok(FOODS);
      },
    });
    renderApp(`/?${LINK}`);
    const entry = await screen.findByRole("status");
    expect(within(entry).getByRole("heading", { level: 1 }).textContent).toBe("川味小馆");
    expect(within(entry).getByText("客官请稍等...")).toBeTruthy();
    expect(within(entry).getByText("川").className).toBe("restaurant-icon__initial");

    foods.settle();
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(screen.getByTestId("table-name").textContent).toBe("A12");
  });

  it("says 您的网络不稳定请稍后再试 once a call has been pending for 1 s", async () => {
    setCookie("guid", GUID);
    const answer = later<void>();
    fakeServer({
      [API.foodList]: async () => {
        await answer.promise;
        return ok(FOODS);
      },
    });
    renderApp(`/?${LINK}`);
    await screen.findByText(COPY.loading);
    expect(screen.queryByText("您的网络不稳定请稍后再试")).toBeNull();
    expect(await screen.findByText("您的网络不稳定请稍后再试", {}, { timeout: 3_000 })).toBeTruthy();
    answer.settle();
  });
});

describe("slow calls", () => {
  it("are reported after exactly 1 s of waiting, once each, and not when answered in time", async () => {
    vi.useFakeTimers();
    const reported: string[] = [];
    const stop = onSlowNetwork((path) => reported.push(path));
    const slow = later<void>();
    fakeServer({
      [API.memos]: async () => {
        await slow.promise;
        return ok([]);
      },
    });
    const quick = http.get(API.recommend);
    const pending = http.get(API.memos);
    await vi.advanceTimersByTimeAsync(TIMING.slowNetworkMs - 1);
    expect(reported).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reported).toEqual([API.memos]);
    slow.settle();
    await Promise.all([quick, pending]);
    await vi.advanceTimersByTimeAsync(TIMING.slowNetworkMs * 3);
    expect(reported).toEqual([API.memos]);
    stop();
  });
});
