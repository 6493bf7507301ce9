import {
  type AvailableCoupons,
  type CouponChoice,
  MEMBER_API,
  type MemberDiscounts,
  PAY_API,
  type PayStart,
  type PayView,
} from "@tablemate/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderOrderPages, startedAtTable } from "./checkout-harness.js";
import { LINK } from "./dish-harness.js";
import { fakeServer, ok, type RecordedRequest } from "./fake-server.js";

/** antd's imperative dialogs load on first use */
// a dialog closes with an animation, slow in jsdom on a loaded machine (the whole suite beside it)
const DIALOG_WAIT = { timeout: 10_000 };

/** Dialogs already answered: one may still be closing (its animation is slow in jsdom on a loaded
 * machine), and must not be mistaken for the next question. */
const answered = new WeakSet<HTMLElement>();

/** Answers the newest unanswered dialog with its button `name`; its words. */
async function answerDialog(name: string): Promise<string> {
  const open = await waitFor(() => {
    const dialog = screen
      .getAllByRole("dialog")
      .filter((d) => !answered.has(d) && within(d).queryByRole("button", { name }))
      .at(-1);
    if (!dialog) throw new Error(`no dialog with ${name}`);
    return dialog;
  }, DIALOG_WAIT);
  answered.add(open);
  const words = open.textContent ?? "";
  await act(async () => fireEvent.click(within(open).getByRole("button", { name })));
  return words;
}

const payView = (overrides: Partial<PayView> = {}): PayView => ({
  orderId: 31,
  restaurantName: "江南食府",
  tableName: "大厅1号桌",
  total: "116.00",
  deliveryFee: "0.00",
  discounts: [{ kind: "memberPrice", label: "会员价", amount: "12.00" }],
  paid: "0.00",
  storedValue: "0.00",
  refunded: "0.00",
  due: "104.00",
  state: "unpaid",
  provider: "sandbox",
  test: true,
  member: { cardId: 5, cardTypeName: "金卡", telPhone: "138****8000", mine: true },
  memberPay: true,
  ...overrides,
});

const coupon = (overrides: Partial<CouponChoice> = {}): CouponChoice => ({
  couponId: 71,
  name: "立减10元",
  type: 1,
  faceCents: 1000,
  minSpendCents: 5000,
  dishName: null,
  firstDay: "2026-11-01",
  lastDay: "2026-11-30",
  verdict: {
    usable: true,
    applied: false,
    reason: null,
    message: "可用",
    reductionCents: 1000,
    shortCents: null,
  },
  ...overrides,
});

const EXPIRED = coupon({
  couponId: 72,
  name: "立减20元",
  faceCents: 2000,
  verdict: {
    usable: false,
    applied: false,
    reason: "expired",
    message: "优惠券已过期",
    reductionCents: 0,
    shortCents: null,
  },
});

const COUPONS: AvailableCoupons = {
  orderId: 31,
  member: payView().member,
  bestCouponId: 71,
  coupons: [coupon(), EXPIRED],
};

/** The pipeline's answer for what the page asks: the coupon, all the points and stored value it can take. */
function discountsFor(request: RecordedRequest): MemberDiscounts {
  const couponId = Number(request.query.get("couponId")) || null;
  const points = Number(request.query.get("points")) > 0 ? 500 : 0;
  const stored = Number(request.query.get("storedValue")) > 0;
  const payable = 10_400 - (couponId ? 1000 : 0) - points;
  const storedCents = stored ? Math.min(3000, payable) : 0;
  return {
    orderId: 31,
    member: payView().member,
    plainCents: 11_600,
    deliveryFeeCents: 0,
    steps: [
      { kind: "memberPrice", label: "会员价", cents: 1200 },
      ...(couponId ? [{ kind: "coupon" as const, label: "立减10元", cents: 1000 }] : []),
      ...(points ? [{ kind: "points" as const, label: "积分抵扣（500积分）", cents: 500 }] : []),
    ],
    payableCents: payable,
    couponId,
    points: { allowed: true, balance: 800, max: 500, used: points, centsPerPoint: 1 },
    storedValue: { allowed: true, balanceCents: 3000, maxCents: 3000, usedCents: storedCents, combine: true },
    gatewayCents: payable - storedCents,
  };
}

const START: PayStart = {
  tradeNo: "T0001",
  amount: "63.00",
  provider: "sandbox",
  test: true,
  next: { kind: "qr", content: "weixin://pay/T0001" },
};

function memberServer(view: PayView = payView()) {
  return fakeServer({
    [PAY_API.payOrder(31)]: () => ok(view, 200),
    [MEMBER_API.availableCoupons]: () => ok(COUPONS, 200),
    [MEMBER_API.discounts]: (request) => ok(discountsFor(request), 200),
    [PAY_API.prepay]: () => ok(START, 200),
  });
}

describe("/pay with member money", { timeout: 40_000 }, () => {
  it("shows the card, the best coupon applied, the member's switches and what the gateway is asked for", async () => {
    memberServer();
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/pay?${LINK}&orderId=31`);
    expect((await screen.findByTestId("pay-gateway")).textContent).toContain("¥94");
    expect(screen.getByTestId("pay-member-card").textContent).toContain("金卡 138****8000");
    expect(screen.getByTestId("pay-discounts").textContent).toContain("立减10元-¥10");
    expect(screen.getByTestId("pay-due").textContent).toContain("¥94");
    expect(screen.getByTestId("pay-coupon").textContent).toContain("立减10元 -¥10");
    expect(screen.getByTestId("pay-points").textContent).toContain("可用500积分，抵¥5");
    expect(screen.getByTestId("pay-stored").textContent).toContain("余额¥30");
    expect(screen.getByRole("button", { name: "支付 ¥94" })).toBeTruthy();
  });

  it("says a tablemate's card is shared", async () => {
    memberServer(
      payView({ member: { cardId: 5, cardTypeName: "金卡", telPhone: "138****8000", mine: false } }),
    );
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/pay?${LINK}&orderId=31`);
    expect((await screen.findByTestId("pay-member-card")).textContent).toContain("同伴的会员权益");
  });

  it("switches points and stored value on through the query, and pays with exactly what the server said they use", async () => {
    const server = memberServer();
    startedAtTable({ isPrepayment: true });
    const { where } = renderOrderPages(`/pay?${LINK}&orderId=31`);
    fireEvent.click(await screen.findByRole("checkbox", { name: "储值支付" }));
    await waitFor(() => expect(where().query).toMatchObject({ orderId: "31", stored: "1" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: "积分抵扣" }));
    await waitFor(() => expect(where().query).toMatchObject({ stored: "1", points: "1" }));
    // 104 − 10 coupon − 5 points − 30 stored value
    await waitFor(() => expect(screen.getByTestId("pay-gateway").textContent).toContain("¥59"));
    expect(screen.getByTestId("pay-stored-used").textContent).toContain("-¥30");
    // stored value is spent only once the diner confirms how much, and from which card
    fireEvent.click(screen.getByRole("button", { name: "支付 ¥59" }));
    const asked = await answerDialog("再想想");
    expect(asked).toContain("确认使用储值支付");
    expect(asked).toContain("将从会员卡（金卡 138****8000）储值中扣除 ¥30");
    expect(server.last(PAY_API.prepay)).toBeUndefined();
    fireEvent.click(screen.getByRole("button", { name: "支付 ¥59" }));
    await answerDialog("确认支付");
    await waitFor(() => expect(server.last(PAY_API.prepay)).toBeTruthy(), DIALOG_WAIT);
    expect(server.last(PAY_API.prepay)?.json).toMatchObject({
      rid: 7,
      orderId: 31,
      couponId: 71,
      points: 500,
      storedValueCents: 3000,
    });
  });

  it("pays by stored value alone without a gateway, once confirmed, and shows the result: 支付成功, 储值支付 ¥30", async () => {
    let paid = false;
    const paidView = { state: "paid" as const, due: "0.00", paid: "30.00", storedValue: "30.00" };
    fakeServer({
      [PAY_API.payOrder(31)]: () => ok(payView({ due: "35.00", ...(paid ? paidView : {}) }), 200),
      [MEMBER_API.availableCoupons]: () => ok({ ...COUPONS, coupons: [], bestCouponId: null }, 200),
      [MEMBER_API.discounts]: () =>
        ok(
          {
            ...discountsFor({ query: new URLSearchParams() } as RecordedRequest),
            payableCents: 3000,
            storedValue: {
              allowed: true,
              balanceCents: 5000,
              maxCents: 3000,
              usedCents: 3000,
              combine: true,
            },
            gatewayCents: 0,
          },
          200,
        ),
      [PAY_API.prepay]: () => {
        paid = true;
        return ok(
          { tradeNo: "", amount: "0.00", provider: "sandbox", test: true, next: { kind: "paid" } },
          200,
        );
      },
    });
    startedAtTable({ isPrepayment: true });
    const { where } = renderOrderPages(`/pay?${LINK}&orderId=31&stored=1`);
    fireEvent.click(await screen.findByRole("button", { name: "储值支付 ¥30" }));
    await answerDialog("确认支付");
    // the result page, without a gateway's tradeNo: what was paid, and how, from the order's view
    expect((await screen.findByTestId("pay-result-state", {}, DIALOG_WAIT)).dataset.status).toBe("paid");
    expect(where().path).toBe("/pay/success");
    expect(screen.getByTestId("pay-result-amount").textContent).toBe("¥30");
    expect(screen.getByTestId("paid-stored").textContent).toContain("¥30");
    expect(screen.queryByTestId("paid-gateway")).toBeNull();
    expect(screen.getByTestId("paid-discount").textContent).toContain("会员价");
  });

  it("asks nothing of member money on a register without member pay", async () => {
    const server = memberServer(payView({ memberPay: false, member: null }));
    startedAtTable({ isPrepayment: true });
    renderOrderPages(`/pay?${LINK}&orderId=31`);
    expect(await screen.findByRole("button", { name: "支付 ¥104" })).toBeTruthy();
    expect(screen.queryByTestId("pay-member")).toBeNull();
    expect(server.requests.some((r) => r.path === MEMBER_API.discounts)).toBe(false);
  });
});

describe("/member/selectCoupons", () => {
  it("opens from /pay's coupon row with the coupon applied, lists every coupon with why it cannot be used", async () => {
    memberServer();
    startedAtTable({ isPrepayment: true });
    const { where } = renderOrderPages(`/pay?${LINK}&orderId=31`);
    fireEvent.click(await screen.findByTestId("pay-coupon"));
    await waitFor(() => expect(where()).toMatchObject({ path: "/member/selectCoupons" }));
    expect(where().query).toMatchObject({ orderId: "31", couponId: "71" });
    const usable = await screen.findByTestId("coupon-71");
    expect(usable.textContent).toContain("满¥50可用");
    expect(usable.textContent).toContain("2026-11-01 至 2026-11-30");
    expect(usable.textContent).toContain("可抵¥10");
    expect((screen.getByRole("radio", { name: "立减10元" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId("coupon-72").textContent).toContain("优惠券已过期");
    expect((screen.getByRole("radio", { name: "立减20元" }) as HTMLInputElement).disabled).toBe(true);
  });

  it("chooses none and goes back to /pay with it, keeping the other choices", async () => {
    memberServer();
    startedAtTable({ isPrepayment: true });
    const { where } = renderOrderPages(`/member/selectCoupons?${LINK}&orderId=31&couponId=71&stored=1`);
    fireEvent.click(await screen.findByRole("radio", { name: "不使用优惠券" }));
    fireEvent.click(screen.getByRole("button", { name: "确定" }));
    await waitFor(() => expect(where().path).toBe("/pay"));
    expect(where().query).toMatchObject({ orderId: "31", couponId: "none", stored: "1", hotelid: "7" });
    // back on /pay no coupon is asked for
    expect(await screen.findByTestId("pay-coupon")).toBeTruthy();
    expect(screen.getByTestId("pay-coupon").textContent).toContain("1张可用");
  });
});
