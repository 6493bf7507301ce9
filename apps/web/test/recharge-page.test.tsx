import { createHash, createHmac } from "node:crypto";
import {
  MEMBER_API,
  PAY_API,
  type PayAttempt,
  type RechargeRuleView,
  type RechargeStart,
  type RechargeView,
  rechargePaySignText,
} from "@tablemate/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RechargePage } from "../src/pages/member-recharge/RechargePage.js";
import { startedAtTable } from "./checkout-harness.js";
import { LINK } from "./dish-harness.js";
import { fail, fakeServer, type Handler, ok, type RecordedRequest } from "./fake-server.js";
import { HOTEL_ID, restaurant } from "./fixtures.js";

const TOKEN = "mt-member-token";
const CARD_ID = 41;

/** the rules as the server answers them (not in order: the page sorts them) */
const RULES: RechargeRuleView[] = [
  {
    ruleId: 3,
    rechargeMoney: 100_000,
    giftMoney: 12_000,
    giftPoints: 200,
    giftType: 1,
    awardType: 1,
    custom: false,
    text: "充1000送120+200积分",
  },
  {
    ruleId: 1,
    rechargeMoney: 20_000,
    giftMoney: 1_000,
    giftPoints: 0,
    giftType: 1,
    awardType: 1,
    custom: false,
    text: "充200送10",
  },
  {
    ruleId: 2,
    rechargeMoney: 50_000,
    giftMoney: 5_000,
    giftPoints: 0,
    giftType: 1,
    awardType: 1,
    custom: false,
    text: "充500送50",
  },
  {
    ruleId: 4,
    rechargeMoney: 10_000,
    giftMoney: 0,
    giftPoints: 0,
    giftType: 1,
    awardType: 1,
    custom: true,
    text: "充100",
  },
];

const START: RechargeStart = {
  rechargeId: 9,
  tradeNo: "T0009",
  amount: "500.00",
  provider: "sandbox",
  test: true,
  next: {
    kind: "form",
    action: "http://localhost/sandbox-pay/checkout/T0009",
    method: "POST",
    fields: { tradeNo: "T0009" },
  },
};

const attemptOf = (status: PayAttempt["status"]): PayAttempt => ({
  tradeNo: "T0009",
  status,
  amount: "500.00",
  test: true,
  orderId: null,
  provider: "sandbox",
  paidWith: { gateway: "500.00", storedValue: "0.00", discounts: [] },
});

const PAID: RechargeView = {
  rechargeId: 9,
  cardId: CARD_ID,
  state: "paid",
  rechargeMoney: 50_000,
  giftMoney: 5_000,
  giftPoints: 0,
  balance: 55_000,
  test: true,
};

/** a member logged in here with a current card, as the member pages keep the login */
function loggedIn(cardId: number | null = CARD_ID): void {
  localStorage.setItem(`member:${HOTEL_ID}`, JSON.stringify({ token: TOKEN, phone: "13800138000", cardId }));
}

function renderRecharge(url: string) {
  const router = createMemoryRouter(
    [
      { path: "/member/recharge", Component: RechargePage },
      { path: "/member/member", element: <p>会员中心</p> },
      { path: "/main", element: <p>菜单页</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function serve(overrides: Record<string, Handler> = {}) {
  return fakeServer({
    [MEMBER_API.fusecrm.rechargeRules]: () => ok(RULES),
    [MEMBER_API.rechargePrepay]: () => ok(START),
    ...overrides,
  });
}

/** The form the page posts, caught where the browser would submit it. */
function catchPostedForms(): HTMLFormElement[] {
  const posted: HTMLFormElement[] = [];
  vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
    posted.push(this);
  });
  return posted;
}

const prepays = (server: ReturnType<typeof fakeServer>): RecordedRequest[] =>
  server.requests.filter((r) => r.path === MEMBER_API.rechargePrepay);

afterEach(() => {
  document.querySelectorAll("form").forEach((form) => {
    form.remove();
  });
});

describe("/member/recharge", () => {
  it("lists the rules by amount in yuan, each in words, with a custom amount where a rule allows it", async () => {
    const server = serve();
    startedAtTable({ restaurant: restaurant({ openRecharge: true }), isNewCrm: true });
    loggedIn();
    renderRecharge(`/member/recharge?${LINK}`);
    const tiles = await screen.findAllByTestId("recharge-rule");
    expect(tiles.map((t) => t.textContent)).toEqual([
      "其他金额充100",
      "¥200充200送10",
      "¥500充500送50",
      "¥1000充1000送120+200积分",
    ]);
    expect(server.last(MEMBER_API.fusecrm.rechargeRules)?.query.get("rid")).toBe(String(HOTEL_ID));
    const submit = screen.getByRole("button", { name: "立即充值" });
    expect(submit.hasAttribute("disabled")).toBe(true);
    fireEvent.click(tiles[2] as HTMLElement);
    expect(screen.getByTestId("recharge-arrives").textContent).toContain("¥550");
    expect(screen.getByTestId("recharge-arrives").textContent).toContain("含赠送¥50");
    expect(submit.hasAttribute("disabled")).toBe(false);
    // the custom amount: below the rule's amount, not an amount, then one that reaches a gift
    fireEvent.click(tiles[0] as HTMLElement);
    const input = screen.getByPlaceholderText("请输入充值金额（100元起）");
    fireEvent.change(input, { target: { value: "99.99" } });
    expect(screen.getByTestId("recharge-problem").textContent).toBe("充值金额不能低于100元");
    fireEvent.change(input, { target: { value: "1.234" } });
    expect(screen.getByTestId("recharge-problem").textContent).toBe("请输入正确的金额（最多两位小数）");
    expect(submit.hasAttribute("disabled")).toBe(true);
    fireEvent.change(input, { target: { value: "300" } });
    expect(screen.getByTestId("recharge-arrives").textContent).toContain("¥310");
  });

  it("labels a tile with the gift its amount will actually get, by every rule (a per-multiple rule's, a percentage's)", async () => {
    const perHundred: RechargeRuleView = {
      ruleId: 5,
      rechargeMoney: 10_000,
      giftMoney: 1_500,
      giftPoints: 0,
      giftType: 2,
      awardType: 1,
      custom: false,
      text: "每充100送15",
    };
    serve({ [MEMBER_API.fusecrm.rechargeRules]: () => ok([...RULES.filter((r) => !r.custom), perHundred]) });
    startedAtTable({ restaurant: restaurant({ openRecharge: true }), isNewCrm: true });
    loggedIn();
    renderRecharge(`/member/recharge?${LINK}`);
    const tiles = await screen.findAllByTestId("recharge-rule");
    // ¥200 gets ¥30 by 每充100送15 (not the ¥10 of its own 充200送10); ¥500 gets ¥75; ¥1000 gets ¥150
    expect(tiles.map((t) => t.textContent)).toEqual([
      "¥100充100送15",
      "¥200充200送30",
      "¥500充500送75",
      "¥1000充1000送150",
    ]);
    fireEvent.click(tiles[1] as HTMLElement);
    expect(screen.getByTestId("recharge-arrives").textContent).toContain("含赠送¥30");
  });

  it("立即充值 signs the request with the member token and posts the server's pay form", async () => {
    const posted = catchPostedForms();
    const server = serve();
    startedAtTable({ restaurant: restaurant({ openRecharge: true }), isNewCrm: true });
    loggedIn();
    renderRecharge(`/member/recharge?${LINK}`);
    fireEvent.click((await screen.findAllByTestId("recharge-rule"))[2] as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: "立即充值" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect((posted[0] as HTMLFormElement).action).toBe("http://localhost/sandbox-pay/checkout/T0009");
    const [request] = prepays(server);
    if (!request) throw new Error("no recharge-prepay");
    const body = Object.fromEntries(request.form);
    expect(body).toMatchObject({
      rid: String(HOTEL_ID),
      cardId: String(CARD_ID),
      rechargeMoney: "50000",
      ruleId: "2",
    });
    expect(body.returnPath).toMatch(/^\/member\/recharge\?/);
    expect(new URLSearchParams(body.returnPath?.split("?")[1]).get("hotelid")).toBe(String(HOTEL_ID));
    expect(request.headers.get("member-token")).toBe(TOKEN);
    const key = createHash("sha256").update(TOKEN).digest("hex");
    const expected = createHmac("sha256", key)
      .update(
        rechargePaySignText({
          rid: HOTEL_ID,
          cardId: CARD_ID,
          rechargeMoney: 50_000,
          timestamp: Number(body.timestamp),
        }),
      )
      .digest("hex");
    expect(request.headers.get("paySign")).toBe(expected);
  });

  it("sends the same signed request again after no answer, so the server answers the same recharge", async () => {
    const posted = catchPostedForms();
    let calls = 0;
    const server = serve({
      [MEMBER_API.rechargePrepay]: () => (++calls === 1 ? "network-error" : ok(START)),
    });
    startedAtTable({ restaurant: restaurant({ openRecharge: true }), isNewCrm: true });
    loggedIn();
    renderRecharge(`/member/recharge?${LINK}`);
    fireEvent.click((await screen.findAllByTestId("recharge-rule"))[2] as HTMLElement);
    const submit = screen.getByRole("button", { name: "立即充值" });
    fireEvent.click(submit);
    await screen.findByText("发起支付失败，请重试");
    fireEvent.click(submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    const [first, second] = prepays(server);
    expect(second?.headers.get("paySign")).toBe(first?.headers.get("paySign"));
    expect(second?.form.get("timestamp")).toBe(first?.form.get("timestamp"));
  });

  it("a stale member token (1991) is refreshed once and the request signed anew with the new token", async () => {
    const posted = catchPostedForms();
    let calls = 0;
    const server = serve({
      [MEMBER_API.rechargePrepay]: () => (++calls === 1 ? fail(1991, "会员登录已过期", 401) : ok(START)),
      [MEMBER_API.tokenRefresh]: () => ok({ token: "mt-fresh", expiresAt: Date.now() + 7_200_000 }),
    });
    startedAtTable({ restaurant: restaurant({ openRecharge: true }), isNewCrm: true });
    loggedIn();
    renderRecharge(`/member/recharge?${LINK}`);
    fireEvent.click((await screen.findAllByTestId("recharge-rule"))[2] as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: "立即充值" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const [, again] = prepays(server);
    if (!again) throw new Error("not sent again");
    expect(again.headers.get("member-token")).toBe("mt-fresh");
    const body = Object.fromEntries(again.form);
    const key = createHash("sha256").update("mt-fresh").digest("hex");
    const expected = createHmac("sha256", key)
      .update(
        rechargePaySignText({
          rid: HOTEL_ID,
          cardId: CARD_ID,
          rechargeMoney: 50_000,
          timestamp: Number(body.timestamp),
        }),
      )
      .digest("hex");
    expect(again.headers.get("paySign")).toBe(expected);
  });

  it("a refusal says why (the server's words) and the next tap is signed anew", async () => {
    let calls = 0;
    const server = serve({
      [MEMBER_API.rechargePrepay]: () =>
        ++calls === 1 ? fail(10020, "会员卡已冻结，请联系服务员", 403) : ok(START),
    });
    catchPostedForms();
    startedAtTable({ restaurant: restaurant({ openRecharge: true }), isNewCrm: true });
    loggedIn();
    renderRecharge(`/member/recharge?${LINK}`);
    fireEvent.click((await screen.findAllByTestId("recharge-rule"))[1] as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: "立即充值" }));
    await screen.findByText("会员卡已冻结，请联系服务员");
    await new Promise((resolve) => setTimeout(resolve, 5));
    fireEvent.click(screen.getByRole("button", { name: "立即充值" }));
    await waitFor(() => expect(prepays(server)).toHaveLength(2));
    const [first, second] = prepays(server);
    expect(second?.form.get("timestamp")).not.toBe(first?.form.get("timestamp"));
  });

  it("asks the old family's rules at a restaurant of the old member system", async () => {
    const server = serve({ [MEMBER_API.oldcrm.rechargeRules]: () => ok(RULES.slice(1, 2)) });
    startedAtTable({ restaurant: restaurant({ openRecharge: true }), isNewCrm: false });
    loggedIn();
    renderRecharge(`/member/recharge?${LINK}`);
    expect((await screen.findAllByTestId("recharge-rule")).map((t) => t.textContent)).toEqual([
      "¥200充200送10",
    ]);
    expect(server.paths()).not.toContain(MEMBER_API.fusecrm.rechargeRules);
  });

  it("only where recharge is open, and for a logged-in member with a card", async () => {
    const server = serve();
    startedAtTable({ restaurant: restaurant({ openRecharge: false }), isNewCrm: true });
    loggedIn();
    const router = renderRecharge(`/member/recharge?${LINK}`);
    expect((await screen.findByTestId("order-notice")).textContent).toContain("本店暂未开通会员充值");
    expect(server.paths()).not.toContain(MEMBER_API.fusecrm.rechargeRules);
    router.dispose();
  });

  it("sends a diner without a member login to the member center", async () => {
    serve();
    startedAtTable({ restaurant: restaurant({ openRecharge: true }), isNewCrm: true });
    const router = renderRecharge(`/member/recharge?${LINK}`);
    const notice = await screen.findByTestId("order-notice");
    expect(notice.textContent).toContain("请先登录会员后再充值");
    fireEvent.click(within(notice).getByRole("button", { name: "去会员中心" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/member/member"));
  });

  it("back from the provider: asks until the server says paid, then shows the amount, the gift and the new balance", async () => {
    let asked = 0;
    const server = serve({
      [PAY_API.payAttempt("T0009")]: () => ok(attemptOf(++asked < 2 ? "pending" : "paid"), 200),
      [MEMBER_API.recharge("T0009")]: () => ok(PAID),
    });
    startedAtTable({ restaurant: restaurant({ openRecharge: true }), isNewCrm: true });
    loggedIn();
    renderRecharge(`/member/recharge?${LINK}&tradeNo=T0009`);
    expect((await screen.findByTestId("recharge-result")).dataset.status).toBe("pending");
    await waitFor(() => expect(screen.getByTestId("recharge-result").dataset.status).toBe("paid"), {
      timeout: 4000,
    });
    expect(screen.getByText("充值成功")).toBeTruthy();
    expect(screen.getByTestId("recharge-paid").textContent).toContain("¥500");
    expect(screen.getByTestId("recharge-gift").textContent).toContain("¥50");
    expect(screen.getByTestId("recharge-balance").textContent).toContain("¥550.00");
    expect(server.last(MEMBER_API.recharge("T0009"))?.headers.get("member-token")).toBe(TOKEN);
  });

  it("an attempt that failed: 充值未完成, and 重新充值 goes back to the rules", async () => {
    serve({ [PAY_API.payAttempt("T0009")]: () => ok(attemptOf("failed"), 200) });
    startedAtTable({ restaurant: restaurant({ openRecharge: true }), isNewCrm: true });
    loggedIn();
    const router = renderRecharge(`/member/recharge?${LINK}&tradeNo=T0009`);
    await waitFor(() => expect(screen.getByTestId("recharge-result").dataset.status).toBe("failed"));
    fireEvent.click(screen.getByRole("button", { name: "重新充值" }));
    await screen.findAllByTestId("recharge-rule");
    expect(router.state.location.search).not.toContain("tradeNo");
  });
});
