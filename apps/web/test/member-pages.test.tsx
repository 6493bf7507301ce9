import { type CardHistoryPage, MEMBER_API, ORDER_API } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readMemberLogin } from "../src/api/member-http.js";
import { MEMBER_COPY, PRIVILEGE_LABELS } from "../src/features/member/member-copy.js";
import { HISTORY_LIMIT } from "../src/pages/member/MemberHistoryPage.js";
import { orderDetail } from "./checkout-harness.js";
import { fail, fakeServer, type Handler, ok } from "./fake-server.js";
import { HOTEL_ID, restaurant } from "./fixtures.js";
import {
  card,
  equities,
  FUSE,
  loggedIn,
  memberRoutes,
  memberStarted,
  PHONE,
  RIGHTS,
  TOKEN,
  voucher,
} from "./member-fixtures.js";
import { LINK } from "./menu-harness.js";
import { normalizeUrl, renderApp } from "./render-app.js";

const SILVER = card({ id: 42, cardType: 2, cardTypeName: "银卡会员", cardNum: "70087654321" });

function openPage(path: string, routes: Record<string, Handler>, query = "") {
  const server = fakeServer(routes);
  memberStarted();
  const app = renderApp(`${path}?${LINK}${query}`);
  return { server, app };
}

const button = (name: string) => screen.getByRole("button", { name });

describe("/member/member: logging in (spec 001 §4, §8)", () => {
  const codeAnswer = (delivery: "sms" | "log") => () =>
    ok({ resendAfterSeconds: 60, validSeconds: 300, delivery }, 200);

  it("asks for a valid phone before sending a code", async () => {
    const { server } = openPage("/member/member", memberRoutes([]));
    await screen.findByTestId("member-login");
    fireEvent.change(screen.getByPlaceholderText(MEMBER_COPY.phonePlaceholder), {
      target: { value: "1381234" },
    });
    fireEvent.click(button(MEMBER_COPY.sendCode));
    expect(await screen.findByText(MEMBER_COPY.phoneInvalid)).toBeTruthy();
    expect(server.paths()).not.toContain(FUSE.loginCode);
  });

  it("never says a text went out when the code is only in the server's log, and rests 60 s", async () => {
    const { server } = openPage("/member/member", memberRoutes([], { [FUSE.loginCode]: codeAnswer("log") }));
    await screen.findByTestId("member-login");
    fireEvent.change(screen.getByPlaceholderText(MEMBER_COPY.phonePlaceholder), { target: { value: PHONE } });
    fireEvent.click(button(MEMBER_COPY.sendCode));
    expect((await screen.findByTestId("code-delivery")).textContent).toBe(MEMBER_COPY.codeInLog);
    expect(screen.queryByText(MEMBER_COPY.codeSentSms)).toBeNull();
    expect(Object.fromEntries(server.last(FUSE.loginCode)?.form ?? [])).toEqual({ rid: "7", phone: PHONE });
    // 60 s counting down (a busy machine may already show 59)
    const resend = screen.getByRole("button", { name: /^\d+秒后重发$/ }) as HTMLButtonElement;
    expect(Number.parseInt(resend.textContent ?? "", 10)).toBeGreaterThanOrEqual(55);
    expect(resend.disabled).toBe(true);
  });

  it("says 验证码已发送 when the answer's delivery is sms", async () => {
    openPage("/member/member", memberRoutes([], { [FUSE.loginCode]: codeAnswer("sms") }));
    await screen.findByTestId("member-login");
    fireEvent.change(screen.getByPlaceholderText(MEMBER_COPY.phonePlaceholder), { target: { value: PHONE } });
    fireEvent.click(button(MEMBER_COPY.sendCode));
    expect(await screen.findByText("验证码已发送")).toBeTruthy();
    expect(screen.queryByTestId("code-delivery")).toBeNull();
  });

  it("logs in with the code and shows the card, balance, points, coupons and the 8 privileges", async () => {
    const { server } = openPage(
      "/member/member",
      memberRoutes([], {
        [FUSE.cardLogin]: () =>
          ok({ token: "new-token", expiresAt: 1, memberId: 5, phone: PHONE, cards: [card()] }, 200),
      }),
    );
    await screen.findByTestId("member-login");
    fireEvent.change(screen.getByPlaceholderText(MEMBER_COPY.phonePlaceholder), { target: { value: PHONE } });
    fireEvent.click(button(MEMBER_COPY.login));
    expect(await screen.findByText(MEMBER_COPY.codeEmpty)).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText(MEMBER_COPY.codePlaceholder), {
      target: { value: "123456" },
    });
    fireEvent.click(button(MEMBER_COPY.login));

    const face = await screen.findByTestId("card-face");
    expect(face.textContent).toContain("金卡会员");
    expect(face.textContent).toContain("7001 2345 678");
    await waitFor(() =>
      expect(screen.getByTestId("member-stats").textContent).toBe("¥123.45余额320积分2优惠券"),
    );
    const privileges = within(screen.getByTestId("privileges")).getAllByRole("listitem");
    expect(privileges.map((item) => item.textContent?.slice(1))).toEqual(Object.values(PRIVILEGE_LABELS));
    expect(privileges.filter((item) => !item.className.includes("off"))).toHaveLength(4);
    expect(readMemberLogin(HOTEL_ID)?.token).toBe("new-token");
    expect(server.last(FUSE.equities)?.headers.get("member-token")).toBe("new-token");
  });

  it.each([
    [1422, "验证码错误"],
    [10020, "会员卡已冻结"],
    [10024, "该会员卡权益已停用"],
  ])("a login refused with %s says the server's words", async (code, message) => {
    openPage("/member/member", memberRoutes([], { [FUSE.cardLogin]: () => fail(code, message, 400) }));
    await screen.findByTestId("member-login");
    fireEvent.change(screen.getByPlaceholderText(MEMBER_COPY.phonePlaceholder), { target: { value: PHONE } });
    fireEvent.change(screen.getByPlaceholderText(MEMBER_COPY.codePlaceholder), { target: { value: "1" } });
    fireEvent.click(button(MEMBER_COPY.login));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByTestId("member-login")).toBeTruthy();
  });
});

describe("/member/member: a login without a card here", () => {
  it("member.api-cards-list: says 请联系服务员办理会员 for an empty card list, opens a card with 开通会员, then shows it", async () => {
    loggedIn(null);
    let cards: ReturnType<typeof card>[] = [];
    const { server } = openPage(
      "/member/member",
      memberRoutes([], {
        [FUSE.cards]: (request) => {
          if (request.method === "POST") cards = [card()];
          return ok(request.method === "POST" ? { card: card(), opened: true, gifts: [] } : cards, 200);
        },
      }),
    );
    // an empty card list says to see the staff (001 §8), with the self-service card besides
    expect((await screen.findByTestId("contact-waiter")).textContent).toBe(
      "请联系服务员办理会员，即可享受会员特权",
    );
    fireEvent.click(await screen.findByRole("button", { name: MEMBER_COPY.activate }));
    expect((await screen.findByTestId("card-face")).textContent).toContain("金卡会员");
    expect(screen.queryByTestId("contact-waiter")).toBeNull();
    const opened = server.requests.find((r) => r.path === FUSE.cards && r.method === "POST");
    expect(Object.fromEntries(opened?.form ?? [])).toEqual({ rid: "7", cardType: "1" });
    expect(readMemberLogin(HOTEL_ID)?.cardId).toBe(41);
  });

  it("asks the diner to see the staff where no card can be opened", async () => {
    loggedIn(null);
    openPage(
      "/member/member",
      memberRoutes([], { [FUSE.cardRights]: () => ok({ ...RIGHTS, cardTypes: [] }, 200) }),
    );
    expect((await screen.findByTestId("contact-waiter")).textContent).toBe(
      "请联系服务员办理会员，即可享受会员特权",
    );
    expect(screen.queryByRole("button", { name: MEMBER_COPY.activate })).toBeNull();
  });

  it("退出登录 forgets the phone, token and card after confirming", async () => {
    loggedIn();
    openPage("/member/member", memberRoutes());
    await screen.findByTestId("card-face");
    fireEvent.click(button(MEMBER_COPY.logout));
    fireEvent.click(await screen.findByRole("button", { name: MEMBER_COPY.confirm }));
    expect(await screen.findByTestId("member-login")).toBeTruthy();
    expect(readMemberLogin(HOTEL_ID)).toBeNull();
  });
});

describe("/memberCard (spec 001 §2, §3)", () => {
  it("shows the card's equities, its member day as 8.8折, and the switch with more than one card", async () => {
    loggedIn();
    const { server } = openPage("/memberCard", memberRoutes([card(), SILVER]));
    const equitiesCard = await screen.findByTestId("card-equities");
    expect(equitiesCard.textContent).toContain("¥123.45");
    expect(screen.getByTestId("member-day").textContent).toBe(
      `${MEMBER_COPY.memberDay}每周三 · 每月15日 8.8折`,
    );
    const switcher = screen.getByTestId("card-switch");
    expect(within(switcher).getByText(MEMBER_COPY.currentCard)).toBeTruthy();
    fireEvent.click(within(switcher).getByRole("button", { name: MEMBER_COPY.useCard }));
    await waitFor(() => expect(screen.getByTestId("card-type").textContent).toBe("银卡会员"));
    expect(server.last(MEMBER_API.memberShip)?.form.get("cardId")).toBe("42");
    expect(server.last(FUSE.equities)?.query.get("cardId")).toBe("42");
  });

  it("keeps the card when the server refuses the switch, saying why", async () => {
    loggedIn();
    openPage(
      "/memberCard",
      memberRoutes([card(), SILVER], {
        [MEMBER_API.memberShip]: () => fail(4707, "本次用餐已使用会员卡结账，不能更换", 409),
      }),
    );
    const switcher = await screen.findByTestId("card-switch");
    fireEvent.click(within(switcher).getByRole("button", { name: MEMBER_COPY.useCard }));
    expect(await screen.findByText("本次用餐已使用会员卡结账，不能更换")).toBeTruthy();
    expect(screen.getByTestId("card-type").textContent).toBe("金卡会员");
    expect(readMemberLogin(HOTEL_ID)?.cardId).toBe(41);
  });

  it("has no switch with one card", async () => {
    loggedIn();
    openPage("/memberCard", memberRoutes([card()]));
    await screen.findByTestId("card-equities");
    expect(screen.queryByTestId("card-switch")).toBeNull();
  });

  it("hides the switch once prepayment's first order is paid with a card", async () => {
    loggedIn();
    const paid = orderDetail({
      vipId: "41",
      pays: [{ payId: 1, payType: "会员卡", money: "5.00", paid: true, mine: true }],
    });
    fakeServer(memberRoutes([card(), SILVER], { [`${ORDER_API.orderDetail}/31`]: () => ok(paid, 200) }));
    memberStarted({ isPrepayment: true, restaurant: restaurant({ wctPayType: 1 }) });
    renderApp(`/memberCard?${LINK}&mainOrderId=31`);
    await screen.findByTestId("card-equities");
    expect(screen.queryByTestId("card-switch")).toBeNull();
  });

  it("sends a diner without a card to the member centre", async () => {
    const { app } = openPage("/memberCard", memberRoutes([]));
    fireEvent.click(await screen.findByRole("button", { name: MEMBER_COPY.toCenter }));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/member/member?${LINK}`)));
  });

  it("says the member service is off when the card types cannot be had", async () => {
    loggedIn();
    openPage(
      "/memberCard",
      memberRoutes([card()], { [FUSE.cardRights]: () => fail(10025, "本店未开通会员") }),
    );
    expect((await screen.findByTestId("order-notice")).textContent).toContain(MEMBER_COPY.unavailable);
  });
});

describe("/member/info (spec 001 §3, §8)", () => {
  it("starts empty on 100201 and saves name, sex, birthday and the lunar flag", async () => {
    loggedIn();
    const path = FUSE.member(5);
    const { server } = openPage(
      "/member/info",
      memberRoutes([card()], {
        [path]: (request) =>
          request.method === "GET"
            ? { body: { code: 100201, success: true, data: null, message: "暂无会员资料" } }
            : ok(null, 200),
      }),
    );
    const name = (await screen.findByPlaceholderText(MEMBER_COPY.namePlaceholder)) as HTMLInputElement;
    expect(name.value).toBe("");
    fireEvent.change(name, { target: { value: " 王小明 " } });
    fireEvent.click(screen.getByLabelText("女"));
    fireEvent.change(screen.getByLabelText(MEMBER_COPY.birthday), { target: { value: "1990-02-03" } });
    fireEvent.click(screen.getByLabelText(MEMBER_COPY.lunar));
    fireEvent.click(button(MEMBER_COPY.save));
    expect(await screen.findByText(MEMBER_COPY.saved)).toBeTruthy();
    const saved = server.requests.find((r) => r.path === path && r.method === "POST");
    expect(Object.fromEntries(saved?.form ?? [])).toMatchObject({
      rid: "7",
      memberId: "5",
      memberName: "王小明",
      sex: "2",
      birthDay: "1990-02-03",
      isLunar: "true",
    });
    expect(saved?.headers.get("member-token")).toBe(TOKEN);
  });

  it("shows the info given before, and takes 100801 (nothing changed) as saved", async () => {
    loggedIn();
    const info = { memberId: 5, memberName: "李雷", sex: 1, birthDay: "1988-08-08", isLunar: true };
    openPage(
      "/member/info",
      memberRoutes([card()], {
        [FUSE.member(5)]: (request) =>
          request.method === "GET"
            ? ok(info, 200)
            : { body: { code: 100801, success: true, data: null, message: "资料未变化" } },
      }),
    );
    expect(
      ((await screen.findByPlaceholderText(MEMBER_COPY.namePlaceholder)) as HTMLInputElement).value,
    ).toBe("李雷");
    expect((screen.getByLabelText("男") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(MEMBER_COPY.lunar) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(button(MEMBER_COPY.save));
    expect(await screen.findByText(MEMBER_COPY.saved)).toBeTruthy();
  });
});

describe("points, balance, coupons and the card number", () => {
  it("/member/integral shows the points", async () => {
    loggedIn();
    openPage("/member/integral", memberRoutes());
    expect((await screen.findByTestId("member-points")).textContent).toBe("320");
  });

  it("/member/balance shows cents as yuan, principal and gift, and 去充值 where recharge is open", async () => {
    loggedIn();
    fakeServer(memberRoutes());
    memberStarted({ restaurant: restaurant({ openRecharge: true }) });
    const app = renderApp(`/member/balance?${LINK}`);
    expect((await screen.findByTestId("member-balance")).textContent).toBe("¥123.45");
    expect(screen.getByTestId("member-balance-parts").textContent).toBe("本金 ¥100.00赠送 ¥23.45");
    fireEvent.click(button(MEMBER_COPY.toRecharge));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/member/recharge?${LINK}`)));
  });

  it("/member/balance shows '--' without a balance, and no 去充值 where recharge is closed", async () => {
    loggedIn();
    openPage(
      "/member/balance",
      memberRoutes([card()], { [FUSE.equities]: () => ok(equities({ balance: null }), 200) }),
    );
    expect((await screen.findByTestId("member-balance")).textContent).toBe("--");
    expect(screen.queryByRole("button", { name: MEMBER_COPY.toRecharge })).toBeNull();
  });

  it("/member/coupons lists the usable coupons (type 1) with their money and validity", async () => {
    loggedIn();
    const list = [
      voucher(),
      voucher({ id: 2, voucherName: "无门槛5元", price: 500, minFee: -1, startTime: "", endTime: "" }),
      voucher({ id: 3, voucherName: "招牌菜兑换券", type: 2, dishName: "红烧肉", minFee: 0, startTime: "" }),
    ];
    const { server, app } = openPage(
      "/member/coupons",
      memberRoutes([card()], { [FUSE.coupons]: () => ok({ total: 3, list }, 200) }),
    );
    const rows = await screen.findAllByTestId("voucher");
    expect(rows.map((row) => row.textContent)).toEqual([
      "¥10满100减10满100元可用有效期 2025-05-01 00:00 至 2025-06-30 23:59",
      "¥5无门槛5元无门槛长期有效",
      "菜品券招牌菜兑换券可兑换：红烧肉无门槛2025-06-30 23:59 前有效",
    ]);
    expect(Object.fromEntries(server.last(FUSE.coupons)?.query ?? [])).toEqual({
      rid: "7",
      type: "1",
      memberCardId: "41",
      memberId: "5",
      page: "1",
      limit: "999",
    });
    fireEvent.click(button(MEMBER_COPY.viewInvalid));
    await waitFor(() => expect(app.where()).toBe(normalizeUrl(`/member/invaildCoupons?${LINK}`)));
  });

  it("/member/invaildCoupons lists used and expired coupons (type 2), greyed", async () => {
    loggedIn();
    const { server } = openPage(
      "/member/invaildCoupons",
      memberRoutes([card()], {
        [FUSE.coupons]: () => ok({ total: 1, list: [voucher({ state: "expired" })] }, 200),
      }),
    );
    const [row] = await screen.findAllByTestId("voucher");
    expect(row?.className).toContain("voucher--invalid");
    expect(row?.textContent).toContain("已过期");
    expect(server.last(FUSE.coupons)?.query.get("type")).toBe("2");
  });

  it("/member/coupons says so when there are none", async () => {
    loggedIn();
    openPage(
      "/member/coupons",
      memberRoutes([card()], { [FUSE.coupons]: () => ok({ total: 0, list: [] }, 200) }),
    );
    expect((await screen.findByTestId("vouchers-empty")).textContent).toBe(MEMBER_COPY.noCoupons);
  });

  it("/member/num shows the card number large, in groups of four", async () => {
    loggedIn();
    openPage("/member/num", memberRoutes());
    expect((await screen.findByTestId("member-num")).textContent).toBe("7001 2345 678");
  });

  it("a member path of no page is not found", async () => {
    openPage("/member/nothing", memberRoutes());
    expect(await screen.findByTestId("prompt-view")).toBeTruthy();
  });
});

describe("the balance and points histories (issue 25)", () => {
  type Line = CardHistoryPage["list"][number];
  const line = (seq: number, kind: Line["kind"], change: number, after: number): Line => ({
    seq,
    kind,
    change,
    after,
    time: `2026-11-28 11:${String(seq).padStart(2, "0")}`,
  });
  /** a server holding `lines` (newest first), answering the page asked */
  const historyRoute = (history: "balance" | "points", lines: Line[]) => ({
    [history === "balance" ? FUSE.balanceHistory : FUSE.pointsHistory]: (request: {
      query: URLSearchParams;
    }) => {
      const page = Number(request.query.get("page"));
      const limit = Number(request.query.get("limit"));
      const list = lines.slice((page - 1) * limit, page * limit);
      return ok({ history, total: lines.length, page, limit, list }, 200);
    },
  });

  it("/member/balanceHistory lists the balance's lines: what, the change, when, the balance after", async () => {
    loggedIn();
    const { server } = openPage(
      "/member/balanceHistory",
      memberRoutes([card()], {
        ...historyRoute("balance", [
          line(4, "spend", -12_000, 43_000),
          line(2, "gift", 5_000, 55_000),
          line(1, "recharge", 50_000, 50_000),
        ]),
      }),
    );
    const rows = await screen.findAllByTestId("history-line");
    expect(rows.map((row) => row.textContent)).toEqual([
      "消费-¥120.002026-11-28 11:04余额 ¥430.00",
      "充值赠送+¥50.002026-11-28 11:02余额 ¥550.00",
      "充值+¥500.002026-11-28 11:01余额 ¥500.00",
    ]);
    expect(Object.fromEntries(server.last(FUSE.balanceHistory)?.query ?? [])).toEqual({
      rid: "7",
      cardId: "41",
      page: "1",
      limit: String(HISTORY_LIMIT),
    });
    expect(screen.getByText(MEMBER_COPY.historyEnd)).toBeTruthy();
  });

  it("/member/integralHistory pages: 加载更多 asks the next page and adds it below", async () => {
    loggedIn();
    const lines = Array.from({ length: HISTORY_LIMIT + 3 }, (_, i) => {
      const seq = HISTORY_LIMIT + 3 - i;
      return line(seq, seq % 2 ? "earn" : "spend", seq % 2 ? 10 : -5, seq * 10);
    });
    const { server } = openPage(
      "/member/integralHistory",
      memberRoutes([card()], { ...historyRoute("points", lines) }),
    );
    expect(await screen.findAllByTestId("history-line")).toHaveLength(HISTORY_LIMIT);
    expect(screen.getAllByTestId("history-line")[0]?.textContent).toBe("消费获得+102026-11-28 11:23剩余 230");
    fireEvent.click(screen.getByTestId("history-more"));
    await waitFor(() => expect(screen.getAllByTestId("history-line")).toHaveLength(HISTORY_LIMIT + 3));
    expect(server.last(FUSE.pointsHistory)?.query.get("page")).toBe("2");
    expect(screen.getAllByTestId("history-line").at(-1)?.textContent).toBe(
      "消费获得+102026-11-28 11:01剩余 10",
    );
    expect(screen.queryByTestId("history-more")).toBeNull();
  });

  it("says so when there is nothing yet", async () => {
    loggedIn();
    openPage("/member/integralHistory", memberRoutes([card()], { ...historyRoute("points", []) }));
    expect((await screen.findByTestId("history-empty")).textContent).toBe(MEMBER_COPY.historyEmpty);
  });

  it("is reached from the member centre, and from the balance and points pages", async () => {
    loggedIn();
    const { app } = openPage(
      "/member/member",
      memberRoutes([card()], { ...historyRoute("balance", []), ...historyRoute("points", []) }),
    );
    for (const [from, label, to] of [
      ["/member/member", MEMBER_COPY.balanceHistoryTitle, "/member/balanceHistory"],
      ["/member/member", MEMBER_COPY.pointsHistoryTitle, "/member/integralHistory"],
      ["/member/balance", MEMBER_COPY.viewHistory, "/member/balanceHistory"],
      ["/member/integral", MEMBER_COPY.viewHistory, "/member/integralHistory"],
    ] as const) {
      app.navigate(`${from}?${LINK}`);
      fireEvent.click(await screen.findByRole("button", { name: label }));
      await waitFor(() => expect(app.where()).toBe(normalizeUrl(`${to}?${LINK}`)));
      await screen.findByTestId("history-empty");
    }
  });

  it("shows a failed load with 重试, which asks again", async () => {
    loggedIn();
    let calls = 0;
    openPage(
      "/member/balanceHistory",
      memberRoutes([card()], {
        [FUSE.balanceHistory]: () => {
          calls += 1;
          return calls === 1
            ? fail(100002, "该会员卡不能在本店使用", 403)
            : ok(
                { history: "balance", total: 1, page: 1, limit: 20, list: [line(1, "recharge", 100, 100)] },
                200,
              );
        },
      }),
    );
    expect(await screen.findByText("该会员卡不能在本店使用")).toBeTruthy();
    fireEvent.click(button(MEMBER_COPY.retry));
    expect(await screen.findAllByTestId("history-line")).toHaveLength(1);
  });
});
