import {
  applyDiscounts,
  cartDiscountLines,
  EMPTY_CHOICE,
  type MemberBenefits,
  type MemberDay,
  summarizeCart,
} from "@tablemate/core";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CartBar, useCartStore } from "../src/features/cart/index.js";
import { memberTotal } from "../src/features/cart/member-total.js";
import { useAppStore } from "../src/store/app-store.js";
import { fillCart, lineOf, renderOrderPages, startedAtTable } from "./checkout-harness.js";
import { ALL_DISHES, CUCUMBER, FISH } from "./dish-fixtures.js";
import { LINK, renderOnMenu } from "./dish-harness.js";
import { fakeServer } from "./fake-server.js";

/** the demo's 金卡: Wednesdays, 8.8折 */
const WEDNESDAYS: MemberDay = { weekdays: [3], monthDays: [], percent: 88 };
/** Wednesday 25 and Thursday 26 November 2026, noon in Shanghai */
const WEDNESDAY = new Date("2026-11-25T12:00:00+08:00");
const THURSDAY = new Date("2026-11-26T12:00:00+08:00");
const ZONE = "Asia/Shanghai";

const lookup = (id: number) => ALL_DISHES.find((d) => d.dishesId === id);
/** 水煮鱼 大份 ¥98 (member ¥90), 拍黄瓜 ¥12 ×2 (no member price): ¥122, ¥114 at member prices */
const CART = [
  lineOf(FISH.dishesId, { ...EMPTY_CHOICE, normId: 1101 }, "1"),
  lineOf(CUCUMBER.dishesId, EMPTY_CHOICE, "2"),
];

/** What /pay charges the order this cart places, before 满减, coupons and points: the pipeline's step (a). */
function charged(member: MemberBenefits, now: Date) {
  const { priced } = summarizeCart(useCartStore.getState().lines, lookup, false);
  const lines = cartDiscountLines(priced, member.vipPrice);
  return applyDiscounts({ lines, member, now, timeZone: ZONE });
}

const linePrices = () =>
  screen.getAllByTestId("suborder-line").map((line) => line.querySelector(".order-line__price")?.textContent);
const yuanText = (cents: number) => `¥${String(cents / 100)}`;

async function memberAt(now: Date) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
  fakeServer();
  // as the member state leaves the store for a member whose card has the member day
  startedAtTable({ isMember: true, memberDay: WEDNESDAYS, memberTotal });
  await fillCart(CART);
}

describe("a member's total before submitting: what the order will be charged (issue 19)", () => {
  it("on the member day: the checkout takes 8.8折, which beats the member prices, and names it", async () => {
    await memberAt(WEDNESDAY);
    renderOrderPages(`/order/subOrder?${LINK}`);
    const expected = charged({ vipPrice: true, memberDayPercent: 88 }, WEDNESDAY);
    // 122 × 0.88 = 107.36, below the member total 114
    expect(expected.payableCents).toBe(10_736);
    expect(expected.memberBenefit).toBe("memberDay");
    expect(await screen.findByText("会员日8.8折 已省¥14.64")).toBeTruthy();
    expect(screen.getByTestId("suborder-total").textContent).toBe(yuanText(expected.payableCents));
    // the lines at their regular prices: the member day is taken off the order, not the member prices
    expect(linePrices()).toEqual(["¥98", "¥24"]);
  });

  it("on another day: the member prices, as the pipeline takes them", async () => {
    await memberAt(THURSDAY);
    renderOrderPages(`/order/subOrder?${LINK}`);
    const expected = charged({ vipPrice: true, memberDayPercent: null }, THURSDAY);
    expect(expected.payableCents).toBe(11_400);
    expect(await screen.findByText("会员已省¥8.00")).toBeTruthy();
    expect(screen.getByTestId("suborder-total").textContent).toBe(yuanText(expected.payableCents));
    expect(linePrices()).toEqual(["¥90", "¥24"]);
  });

  it("the cart bar's total is the same", async () => {
    await memberAt(WEDNESDAY);
    renderOnMenu(<CartBar />);
    const expected = charged({ vipPrice: true, memberDayPercent: 88 }, WEDNESDAY);
    await waitFor(() =>
      expect(screen.getByTestId("cart-total").textContent).toBe(yuanText(expected.payableCents)),
    );
  });

  it("a card with a member day but no member prices takes the member day alone", async () => {
    await memberAt(WEDNESDAY);
    useAppStore.setState({ isMember: false });
    renderOrderPages(`/order/subOrder?${LINK}`);
    const expected = charged({ vipPrice: false, memberDayPercent: 88 }, WEDNESDAY);
    expect(await screen.findByText("会员日8.8折 已省¥14.64")).toBeTruthy();
    expect(screen.getByTestId("suborder-total").textContent).toBe(yuanText(expected.payableCents));
  });
});
