import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import Dialog from "antd-mobile/es/components/dialog";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, expect, vi } from "vitest";
import { DISH_COPY } from "../src/copy.js";
import { resetAddThrottle } from "../src/features/cart/add-throttle.js";
import { resetDishModal } from "../src/features/dish/modal-store.js";
import { clearToasts } from "../src/features/loading/toast.js";
import { FoodBatchPage } from "../src/pages/food-batch/FoodBatchPage.js";
import { FoodComboPage } from "../src/pages/food-combo/FoodComboPage.js";

/** The query of a scanned table link, carried from page to page. */
export const LINK = "hotelid=7&tn=12&sid=signed-table-token";
export const LINK_QUERY = Object.fromEntries(new URLSearchParams(LINK));

afterEach(() => {
  clearToasts();
  Dialog.clear();
  resetDishModal();
  resetAddThrottle();
});

/** A change made outside the UI (a store call), with React brought up to date. */
export async function outside(change: () => unknown): Promise<void> {
  await act(async () => {
    await change();
  });
}

/**
 * Date.now under the test's control: add and minus are throttled (300 ms), so each tap moves the
 * clock on first, as a diner's taps are apart.
 */
export function controlledClock(start = 1_700_000_000_000) {
  let now = start;
  vi.spyOn(Date, "now").mockImplementation(() => now);
  return {
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

/** Renders `ui` on /main, with the food pages and a menu marker to navigate between. */
export function renderOnMenu(ui: ReactNode, url = `/main?${LINK}`) {
  const router = createMemoryRouter(
    [
      { path: "/main", element: ui },
      { path: "/foodCombo", Component: FoodComboPage },
      { path: "/foodBatch", Component: FoodBatchPage },
      // where the to-order button leads: markers, so a test can follow it
      { path: "/order/subOrder", element: <p>确认订单页</p> },
      { path: "/supplyInfo", element: <p>填写信息页</p> },
      { path: "/order/detail", element: <p>订单详情页</p> },
      { path: "/pay", element: <p>支付页</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return {
    router,
    /** the page and its query, as an object so the order of parameters does not matter */
    where: () => ({
      path: router.state.location.pathname,
      query: Object.fromEntries(new URLSearchParams(router.state.location.search)),
    }),
  };
}

export const plusOf = (scope: HTMLElement) => within(scope).getByRole("button", { name: DISH_COPY.plus });
export const minusOf = (scope: HTMLElement) => within(scope).getByRole("button", { name: DISH_COPY.minus });

/** Types on the open quantity keypad, confirms, and waits for the keypad to go. */
export async function typeOnKeypad(text: string): Promise<void> {
  const sheet = await screen.findByTestId("quantity-sheet");
  for (const key of text) fireEvent.click(within(sheet).getByRole("button", { name: key }));
  fireEvent.click(within(sheet).getByRole("button", { name: DISH_COPY.confirm }));
  await waitFor(() => expect(screen.queryByTestId("quantity-sheet")).toBeNull());
}
