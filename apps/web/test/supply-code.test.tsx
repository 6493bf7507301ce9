import { API, type OrderPayload, PHONE_CODE } from "@tablemate/core";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { updateCheckout, useCheckoutStore } from "../src/features/checkout/checkout-store.js";
import { fillCart, lineOf, renderOrderPages, startedAtTable } from "./checkout-harness.js";
import { CUCUMBER } from "./dish-fixtures.js";
import { LINK } from "./dish-harness.js";
import { fail, fakeServer, ok } from "./fake-server.js";
import { HOTEL_ID, restaurant } from "./fixtures.js";

/** A full parallel run on two cores can take longer than findBy's 1 s to show a toast. */
const TOAST_WAIT = { timeout: 5000 };
const TICK_WAIT = { timeout: 2000 };
const PHONE = "13812345678";

const codeSent = () => ok({ resendAfterSeconds: 60, validSeconds: 300, delivery: "sms" });
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });
const codeButton = () => screen.getByRole("button", { name: /获取验证码|秒后重新获取/ }) as HTMLButtonElement;

/** The takeout form of a restaurant that asks for a phone code. */
async function atTakeoutForm() {
  startedAtTable({ restaurant: restaurant({ verifyPhone: true }) });
  const page = renderOrderPages(`/supplyInfo?${LINK}&takeout=1`);
  await screen.findByTestId("supply-page");
  return page;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the phone code on /supplyInfo", () => {
  it("asks no code where the restaurant does not", async () => {
    fakeServer();
    startedAtTable();
    renderOrderPages(`/supplyInfo?${LINK}&takeout=1`);
    await screen.findByTestId("supply-page");
    expect(screen.queryByRole("textbox", { name: "验证码" })).toBeNull();
    expect(screen.queryByRole("button", { name: "获取验证码" })).toBeNull();
  });

  it("sends a code to a right phone only, then counts 60 seconds down before the next", async () => {
    let now = Date.now();
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const server = fakeServer({ [API.phoneCode]: codeSent });
    await atTakeoutForm();
    fill("手机号", "12345");
    fireEvent.click(codeButton());
    expect(screen.getByText("请输入正确的手机号")).toBeTruthy();
    expect(server.last(API.phoneCode)).toBeUndefined();

    fill("手机号", ` ${PHONE} `);
    await act(async () => fireEvent.click(codeButton()));
    await waitFor(() => expect(codeButton().textContent).toBe("60秒后重新获取"));
    expect(codeButton().disabled).toBe(true);
    expect(await screen.findByText("验证码已发送", {}, TOAST_WAIT)).toBeTruthy();
    const sent = server.last(API.phoneCode);
    expect([sent?.form.get("rid"), sent?.form.get("phone")]).toEqual([String(HOTEL_ID), PHONE]);

    // the clock moves; the button reads it on its once-a-second tick
    now += 1000;
    await waitFor(() => expect(codeButton().textContent).toBe("59秒后重新获取"), TICK_WAIT);
    now += (PHONE_CODE.resendSeconds - 1) * 1000;
    await waitFor(() => expect(codeButton().textContent).toBe("获取验证码"), TICK_WAIT);
    expect(codeButton().disabled).toBe(false);
  });

  it("never says a code was sent when the server only logged it (no SMS gateway)", async () => {
    fakeServer({ [API.phoneCode]: () => ok({ resendAfterSeconds: 60, validSeconds: 300, delivery: "log" }) });
    await atTakeoutForm();
    fill("手机号", PHONE);
    await act(async () => fireEvent.click(codeButton()));
    expect(await screen.findByText("本店暂未开通短信，请向服务员索取验证码", {}, TOAST_WAIT)).toBeTruthy();
    expect(screen.queryByText("验证码已发送")).toBeNull();
  });

  it("shows the server's wait when it refuses a resend (8001)", async () => {
    fakeServer({ [API.phoneCode]: () => fail(8001, "请42秒后再获取验证码", 429) });
    await atTakeoutForm();
    fill("手机号", PHONE);
    await act(async () => fireEvent.click(codeButton()));
    expect(await screen.findByText("请42秒后再获取验证码", {}, TOAST_WAIT)).toBeTruthy();
    expect(codeButton().disabled).toBe(false);
  });

  it("wants the six-digit code before the order page, and sends it with the order", async () => {
    fakeServer();
    const page = await atTakeoutForm();
    fill("手机号", PHONE);
    fill("联系人", "王先生");
    fill("地址", "国定路335号");
    fireEvent.click(screen.getByRole("button", { name: "下一步" }));
    expect(screen.getByText("请输入6位验证码")).toBeTruthy();
    expect(page.where().path).toBe("/supplyInfo");
    fill("验证码", "204816");
    fireEvent.click(screen.getByRole("button", { name: "下一步" }));
    expect(page.where().path).toBe("/order/subOrder");
    expect(useCheckoutStore.getState().supply).toMatchObject({ phone: PHONE, code: "204816" });
  });

  it("on 2008 says 验证码错误 and goes back to the form, the code emptied and the rest kept", async () => {
    const server = fakeServer({
      [API.cartPeriodSale]: () => ok({ state: 1, isAll: false, expriedFoodIds: [], unsalableFoods: [] }, 200),
      [API.orderSubmit]: () => ({
        status: 409,
        body: { code: 2008, success: false, data: null, message: "验证码错误" },
      }),
    });
    startedAtTable({ restaurant: restaurant({ verifyPhone: true }) });
    await fillCart([
      lineOf(CUCUMBER.dishesId, { normId: null, methodIds: [], additions: [], parts: [] }, "2"),
    ]);
    act(() =>
      updateCheckout({
        supply: {
          phone: PHONE,
          code: "000000",
          name: "王先生",
          sex: "1",
          num: 2,
          time: "",
          memo: "",
          address: "国定路335号",
        },
      }),
    );
    const page = renderOrderPages(`/order/subOrder?${LINK}&takeout=1`);
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "提交订单" })));
    await waitFor(() => expect(server.last(API.orderSubmit)).toBeDefined());
    const payload: OrderPayload = JSON.parse(server.last(API.orderSubmit)?.form.get("data") ?? "{}");
    expect(payload).toMatchObject({ takeout: "1", phone: PHONE, code: "000000" });

    expect(await screen.findByText("验证码错误", {}, TOAST_WAIT)).toBeTruthy();
    await waitFor(() => expect(page.where().path).toBe("/supplyInfo"));
    await screen.findByTestId("supply-page");
    expect((screen.getByRole("textbox", { name: "验证码" }) as HTMLInputElement).value).toBe("");
    expect((screen.getByRole("textbox", { name: "手机号" }) as HTMLInputElement).value).toBe(PHONE);
    expect((screen.getByRole("textbox", { name: "地址" }) as HTMLInputElement).value).toBe("国定路335号");
  });
});
