import { API, EMPTY_CHOICE, PAY_API, type PayView, type SupplyInfo } from "@tablemate/core";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CartBar } from "../src/features/cart/index.js";
import { updateCheckout } from "../src/features/checkout/checkout-store.js";
import { fillCart, lineOf, orderDetail, renderOrderPages, startedAtTable } from "./checkout-harness.js";
import { CUCUMBER } from "./dish-fixtures.js";
import { LINK, renderOnMenu } from "./dish-harness.js";
import { fakeServer, ok } from "./fake-server.js";
import { GUID, restaurant, TABLE_ID } from "./fixtures.js";

/** 外送小厨's terms: ¥50 minimum on the goods, ¥6 delivery, 30 minutes. */
const TAKEOUT = restaurant({ startPrice: 50, deliveryFee: "6.00", deliveryMinutes: 30 });
const DELIVERY: SupplyInfo = {
  phone: "13812345678",
  code: "",
  name: "王先生",
  sex: "1",
  num: 0,
  time: "",
  memo: "",
  address: "国定路335号",
};
const rowOf = (testId: string) => {
  const row = screen.getByTestId(testId);
  return [
    row.querySelector(".fact-row__label")?.textContent,
    row.querySelector(".fact-row__value")?.textContent,
  ];
};
const cucumbers = (count: number) => fillCart([lineOf(CUCUMBER.dishesId, EMPTY_CHOICE, String(count))]);

describe("a takeout's minimum and delivery fee (issue 25)", () => {
  it("the cart bar judges the minimum on the goods: 4 × ¥12 is ¥2 short, though the fee would pass it", async () => {
    startedAtTable({ restaurant: TAKEOUT });
    renderOnMenu(<CartBar />, `/main?${LINK}&takeout=1`);
    await cucumbers(4);
    const button = within(screen.getByTestId("cart-bar")).getAllByRole("button").at(-1) as HTMLButtonElement;
    expect(button.textContent).toBe("还差¥2起送");
    expect(button.disabled).toBe(true);
  });

  it("the order page adds the fee to the total and disables the submit below the minimum", async () => {
    const server = fakeServer({
      [API.cartPeriodSale]: () => ok({ state: 1, isAll: false, expriedFoodIds: [], unsalableFoods: [] }, 200),
      [API.orderSubmit]: () => ok({ orderId: 31, mainWxId: GUID, realTableId: TABLE_ID }),
    });
    startedAtTable({ restaurant: TAKEOUT });
    await cucumbers(4);
    updateCheckout({ supply: DELIVERY });
    renderOrderPages(`/order/subOrder?${LINK}&takeout=1`);
    await screen.findByTestId("supply-facts");
    expect(rowOf("suborder-delivery-fee")).toEqual(["配送费", "¥6"]);
    expect(screen.getByTestId("suborder-total").textContent).toBe("¥54");
    expect(screen.getByTestId("suborder-short").textContent).toBe("还差¥2起送");
    const submit = screen.getByRole("button", { name: "提交订单" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(submit);
    expect(server.last(API.orderSubmit)).toBeUndefined();

    cleanup();
    await cucumbers(5);
    renderOrderPages(`/order/subOrder?${LINK}&takeout=1`);
    await screen.findByTestId("supply-facts");
    expect(screen.getByTestId("suborder-total").textContent).toBe("¥66");
    expect(screen.queryByTestId("suborder-short")).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "提交订单" })));
    await waitFor(() => expect(server.last(API.orderSubmit)).toBeDefined());
    // the client sends no fee or total of its own: the server prices the order (takeout-delivery.test.ts)
    const payload = JSON.parse(server.last(API.orderSubmit)?.form.get("data") ?? "{}") as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({ takeout: "1", address: "国定路335号" });
    expect(Object.keys(payload).filter((k) => /fee/i.test(k))).toEqual([]);
  });

  it("the order detail shows 预计送达 and the fee as its own money line; not once delivered", async () => {
    const takeout = orderDetail({
      eatType: "takeout",
      takeout: true,
      status: 1,
      reserve: { ...DELIVERY, time: "" },
      orderTotalPrice: "60.00",
      deliveryFee: "6.00",
      orderNeedMoney: "0.00",
      totalPaidMoney: "66.00",
      estimatedArrival: "12:30",
    });
    fakeServer({ [`${API.orderDetail}/31`]: () => ok(takeout, 200) });
    startedAtTable({ restaurant: TAKEOUT });
    renderOrderPages(`/order/detail?${LINK}&takeout=1&orderId=31`);
    expect((await screen.findByTestId("order-eta")).textContent).toBe("预计送达 12:30");
    const fee = screen.getByText("配送费").parentElement as HTMLElement;
    expect(fee.querySelector(".fact-row__value")?.textContent).toBe("¥6");

    cleanup();
    fakeServer({ [`${API.orderDetail}/31`]: () => ok({ ...takeout, fulfilment: "delivered" }, 200) });
    renderOrderPages(`/order/detail?${LINK}&takeout=1&orderId=31`);
    await screen.findByTestId("order-status");
    expect(screen.queryByTestId("order-eta")).toBeNull();
  });

  it("/pay shows the fee as its own line", async () => {
    const view: PayView = {
      orderId: 31,
      restaurantName: "外送小厨",
      tableName: "外送01",
      total: "60.00",
      deliveryFee: "6.00",
      discounts: [],
      paid: "0.00",
      storedValue: "0.00",
      refunded: "0.00",
      due: "66.00",
      state: "unpaid",
      provider: "sandbox",
      test: true,
      member: null,
      memberPay: false,
    };
    fakeServer({ [PAY_API.payOrder(31)]: () => ok(view, 200) });
    startedAtTable({ restaurant: TAKEOUT });
    renderOrderPages(`/pay?${LINK}&takeout=1&orderId=31`);
    await screen.findByTestId("pay-delivery-fee");
    expect(rowOf("pay-delivery-fee")).toEqual(["配送费", "¥6"]);
    expect(rowOf("pay-due")[1]).toBe("¥66");
  });
});
