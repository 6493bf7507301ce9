import {
  API,
  type ConsoleCard,
  type ConsoleCardType,
  type ConsoleMember,
  type ConsoleOffer,
  type ConsoleRechargeRule,
  type CouponTemplateView,
  type LedgerPage,
  type StaffSession,
} from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MEMBERS_COPY as C, COMMON_COPY, FLOOR_COPY } from "../src/copy/index.js";
import { pagesFor } from "../src/pages.js";
import { type FakeAnswer, type FakeCall, fakeApi, OWNER_SESSION } from "./fake-api.js";
import { renderConsole } from "./render.js";

const CASHIER_SESSION: StaffSession = {
  account: { id: 8, name: "小张", login: "cashier8" },
  restaurants: [{ id: 1, name: "川味小馆", role: "cashier", timezone: "Asia/Shanghai" }],
};

const CARD: ConsoleCard = {
  id: 41,
  cardNum: "12345678901",
  cardType: 1,
  cardTypeName: "金卡",
  status: 1,
  isVipPrice: true,
  chargeFlag: true,
  principal: "100.00",
  gift: "10.00",
  held: "8.00",
  spendable: "102.00",
  points: 30,
  heldPoints: 0,
  version: 3,
  createdAt: "2026-11-24T04:00:00.000Z",
};

const MEMBER: ConsoleMember = {
  id: 7,
  phone: "13800138000",
  name: "李女士",
  sex: 2,
  birthday: null,
  cards: [CARD],
};

const entry = (over: Partial<LedgerPage["entries"][number]>): LedgerPage["entries"][number] => ({
  seq: 1,
  kind: "recharge",
  principal: "100.00",
  gift: "0.00",
  points: 0,
  principalAfter: "100.00",
  giftAfter: "0.00",
  pointsAfter: 0,
  heldAfter: "0.00",
  heldPointsAfter: 0,
  actor: "payment:sandbox",
  actorName: null,
  reason: null,
  approver: null,
  approverName: null,
  at: "2026-11-24T04:00:00.000Z",
  ...over,
});

const LEDGER: LedgerPage = {
  entries: [
    entry({
      seq: 3,
      kind: "adjustment",
      principal: "0.00",
      gift: "10.00",
      points: 30,
      giftAfter: "10.00",
      pointsAfter: 30,
      heldAfter: "8.00",
      actor: "staff:8",
      actorName: "小张",
      reason: "投诉补偿",
      approver: "staff:2",
      approverName: "王经理",
    }),
    entry({ seq: 2, kind: "hold", principal: "0.00", heldAfter: "8.00", actor: "diner:abc" }),
    entry({}),
  ],
  total: 3,
  page: 1,
  pageSize: 10,
};

function memberRoutes(
  session: StaffSession,
  extra: Record<string, FakeAnswer | ((call: FakeCall) => FakeAnswer)> = {},
) {
  return fakeApi({
    [`GET ${API.consoleSession}`]: { data: session },
    [`GET ${API.consoleMembers(1)}`]: (call) => ({
      data: new URL(call.url, "http://x").searchParams.get("q") === "13800138000" ? [MEMBER] : [],
    }),
    [`GET ${API.consoleMemberCard(1, CARD.id)}`]: { data: CARD },
    [`GET ${API.consoleMemberLedger(1, CARD.id)}`]: { data: LEDGER },
    ...extra,
  }).calls;
}

/** types into a search box and presses its 查询 */
function searchFor(search: HTMLElement, text: string) {
  fireEvent.change(search, { target: { value: text } });
  const button = search.closest(".ant-input-search")?.querySelector(".ant-input-search-button");
  if (!button) throw new Error("no search button");
  fireEvent.click(button);
}

async function lookUp(phone: string) {
  searchFor(await screen.findByTestId("member-search"), phone);
}

describe("the 会员 page's lookup", () => {
  it("finds a member by phone: their card's money, and its ledger with who did each entry and who approved it", async () => {
    const calls = memberRoutes(OWNER_SESSION);
    renderConsole("/members");
    await lookUp("13800138000");
    const panel = await screen.findByTestId("card-panel");
    expect(within(panel).getByTestId("card-status").textContent).toBe(C.cardStatus[1]);
    expect(within(panel).getByTestId("balance-principal").textContent).toBe("¥100.00");
    expect(within(panel).getByTestId("balance-held").textContent).toBe("¥8.00");
    expect(within(panel).getByTestId("balance-spendable").textContent).toBe("¥102.00");
    expect(within(panel).getByTestId("balance-points").textContent).toBe("30");
    const ledger = await within(panel).findByTestId("ledger");
    const rows = await within(ledger).findAllByRole("row");
    const adjustment = rows.find((r) => r.textContent?.includes(C.kinds.adjustment));
    expect(adjustment?.textContent).toContain("赠送金 +¥10.00");
    expect(adjustment?.textContent).toContain("积分 +30");
    expect(adjustment?.textContent).toContain("小张");
    expect(adjustment?.textContent).toContain(C.approvedBy("王经理"));
    expect(adjustment?.textContent).toContain("投诉补偿");
    expect(rows.find((r) => r.textContent?.includes(C.kinds.hold))?.textContent).toContain(C.actors.diner);
    expect(rows.find((r) => r.textContent?.includes(C.kinds.recharge))?.textContent).toContain(
      C.actors.payment,
    );
    expect(calls.find((c) => c.url.startsWith(API.consoleMemberLedger(1, CARD.id)))?.url).toContain("page=1");

    await lookUp("13900000000");
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith(API.consoleMembers(1)))).toHaveLength(2));
    expect(await screen.findByTestId("member-not-found")).toBeTruthy();
  });

  it("a cashier's adjustment asks a manager's approval (4031) and sends the same adjustment again with it", async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const calls = memberRoutes(CASHIER_SESSION, {
      [`POST ${API.consoleMemberAdjust(1, CARD.id)}`]: (call) => {
        bodies.push(call.body as Record<string, unknown>);
        if ((call.body as { approval?: unknown }).approval)
          return {
            data: {
              card: { ...CARD, principal: "80.00", spendable: "82.00", version: 4 },
              entry: entry({ seq: 4, kind: "adjustment", principal: "-20.00", principalAfter: "80.00" }),
              replayed: false,
            },
          };
        const refusal = { code: 4031, success: false, data: null, message: "此操作需要经理授权" };
        return { status: 403, raw: JSON.stringify(refusal) };
      },
    });
    renderConsole("/members");
    await lookUp("13800138000");
    // a cashier adjusts but does not freeze
    const panel = await screen.findByTestId("card-panel");
    expect(within(panel).queryByTestId("freeze")).toBeNull();
    fireEvent.click(within(panel).getByTestId("adjust"));
    // nothing typed: refused before anything is sent
    fireEvent.change(await screen.findByTestId("adjust-reason"), { target: { value: "多收退回" } });
    fireEvent.click(screen.getByText(C.adjustSubmit));
    expect(
      await screen.findByText(C.adjustNothing, { selector: ".ant-form-item-explain-error" }),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId("adjust-principal"), { target: { value: "-20" } });
    fireEvent.click(screen.getByText(C.adjustSubmit));
    await waitFor(() => expect(bodies).toHaveLength(1));
    fireEvent.change(await screen.findByTestId("approval-login"), { target: { value: "manager1" } });
    fireEvent.change(screen.getByTestId("approval-pin"), { target: { value: "2468" } });
    fireEvent.click(screen.getByText(FLOOR_COPY.approve));
    await waitFor(() => expect(bodies).toHaveLength(2));
    const [first, second] = bodies;
    expect(first).toMatchObject({ principal: "-20", gift: "0", points: 0, reason: "多收退回" });
    expect(first?.approval).toBeUndefined();
    expect(first?.adjustmentId).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toEqual({ ...first, approval: { login: "manager1", pin: "2468" } });
    // the card is read again once the entry is in
    await waitFor(() =>
      expect(calls.filter((c) => c.url === API.consoleMemberCard(1, CARD.id)).length).toBeGreaterThanOrEqual(
        1,
      ),
    );
  });

  it("a manager freezes a card with a reason, and it shows frozen", async () => {
    const bodies: unknown[] = [];
    memberRoutes(OWNER_SESSION, {
      [`PUT ${API.consoleMemberCardStatus(1, CARD.id)}`]: (call) => {
        bodies.push(call.body);
        return { data: { ...CARD, status: 4 } };
      },
    });
    renderConsole("/members");
    await lookUp("13800138000");
    fireEvent.click(await screen.findByTestId("freeze"));
    fireEvent.change(await screen.findByTestId("reason-input"), { target: { value: "顾客挂失" } });
    fireEvent.click(screen.getByText(FLOOR_COPY.confirm));
    await waitFor(() => expect(bodies).toEqual([{ status: 4, reason: "顾客挂失" }]));
    const panel = await screen.findByTestId("card-panel");
    await waitFor(() => expect(within(panel).getByTestId("card-status").textContent).toBe(C.cardStatus[4]));
    expect(within(panel).getByTestId("freeze").textContent).toBe(C.unfreeze);
    expect(within(panel).getByText(C.frozenHint)).toBeTruthy();
  });
});

describe("who sees the member pages", () => {
  it("gives the 会员 entry to those who may look members up, and the settings tabs to managers only", async () => {
    expect(pagesFor("waiter").some((p) => p.path === "members")).toBe(false);
    expect(pagesFor("kitchen").some((p) => p.path === "members")).toBe(false);
    expect(pagesFor("cashier").some((p) => p.path === "members")).toBe(true);
    memberRoutes(CASHIER_SESSION);
    renderConsole("/members/coupons");
    expect(await screen.findByText(COMMON_COPY.forbidden.title)).toBeTruthy();
    // a cashier has the lookup only: no tabs to choose
    expect(screen.queryByText(C.tabs.coupons)).toBeNull();
  });
});

const TEMPLATE: CouponTemplateView = {
  id: 5,
  name: "满50减5",
  couponType: 1,
  face: "5.00",
  dishId: null,
  dishName: null,
  minSpend: "50.00",
  validityType: 2,
  effectiveTime: 0,
  validityDays: 7,
  startTime: null,
  endTime: null,
  openCardActivity: 1,
  enabled: true,
  given: 3,
  createdAt: "2026-11-24T04:00:00.000Z",
};

describe("the member settings tabs", () => {
  it("lists coupon templates in words, creates one, and gives one to a member's card once", async () => {
    const posted: Array<{ url: string; body: unknown }> = [];
    memberRoutes(OWNER_SESSION, {
      [`GET ${API.consoleCouponTemplates(1)}`]: { data: [TEMPLATE] },
      [`GET ${API.consoleMenu(1)}`]: { data: { categories: [], dishes: [], recommends: [], memos: [] } },
      [`POST ${API.consoleCouponTemplates(1)}`]: (call) => {
        posted.push(call);
        return { data: { ...TEMPLATE, id: 6, name: "新客券" } };
      },
      [`POST ${API.consoleCouponGive(1, 5)}`]: (call) => {
        posted.push(call);
        return {
          data: {
            id: 90,
            code: "123456789012",
            name: "满50减5",
            cardId: CARD.id,
            firstDay: "2026-11-24",
            lastDay: "2026-11-30",
            replayed: false,
          },
        };
      },
    });
    renderConsole("/members/coupons");
    const table = await screen.findByTestId("templates");
    const row = (await within(table).findByText("满50减5")).closest("tr");
    expect(row?.textContent).toContain(C.minSpend("50.00"));
    expect(row?.textContent).toContain(C.validity.days(0, 7));
    expect(row?.textContent).toContain(C.activities[1]);

    fireEvent.click(screen.getByTestId("new-template"));
    fireEvent.change(await screen.findByTestId("template-name"), { target: { value: "新客券" } });
    fireEvent.change(screen.getByTestId("template-face"), { target: { value: "10" } });
    fireEvent.click(within(screen.getByTestId("template-form")).getByText(C.ok));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({
      name: "新客券",
      couponType: 1,
      face: "10",
      dishId: null,
      minSpend: "0",
      validityType: 1,
      effectiveTime: null,
      validityDays: null,
      startTime: null,
      endTime: null,
      openCardActivity: null,
    });

    fireEvent.click(screen.getByTestId("give-5"));
    const dialog = await screen.findByTestId("give-dialog");
    searchFor(within(dialog).getByTestId("give-search"), "13800138000");
    await within(dialog).findByText(`李女士 · 金卡 · ${CARD.cardNum}`);
    fireEvent.click(within(dialog).getByText(C.give));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]?.body).toMatchObject({ cardId: CARD.id });
    expect((posted[1]?.body as { giveId: string }).giveId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("shows recharge rules in the diner's words, and a new rule's words as it is typed", async () => {
    const rule: ConsoleRechargeRule = {
      id: 3,
      rechargeMoney: "500.00",
      giftType: 1,
      awardType: 1,
      giftMoney: "50.00",
      giftPercent: null,
      giftPoints: 0,
      custom: false,
      enabled: true,
      version: 0,
      text: "充500送50",
    };
    const bodies: unknown[] = [];
    memberRoutes(OWNER_SESSION, {
      [`GET ${API.consoleRechargeRules(1)}`]: { data: [rule] },
      [`POST ${API.consoleRechargeRules(1)}`]: (call) => {
        bodies.push(call.body);
        return { data: { ...rule, id: 4 } };
      },
      [`PUT ${API.consoleRechargeRule(1, 3)}`]: (call) => {
        bodies.push(call.body);
        return { data: { ...rule, enabled: false, version: 1 } };
      },
    });
    renderConsole("/members/recharge-rules");
    expect(await within(await screen.findByTestId("rules")).findByText("充500送50")).toBeTruthy();
    fireEvent.click(screen.getByTestId("new-rule"));
    fireEvent.change(await screen.findByTestId("rule-recharge"), { target: { value: "1000" } });
    fireEvent.change(screen.getByTestId("rule-gift"), { target: { value: "120" } });
    await waitFor(() => expect(screen.getByTestId("rule-preview").textContent).toContain("充1000送120"));
    fireEvent.click(within(screen.getByTestId("rule-form")).getByText(C.ok));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      rechargeMoney: "1000",
      giftType: 1,
      awardType: 1,
      giftMoney: "120",
      giftPercent: null,
      giftPoints: 0,
      custom: false,
    });
    fireEvent.click(screen.getByTestId("toggle-rule-3"));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({
      rechargeMoney: "500.00",
      giftMoney: "50.00",
      enabled: false,
      version: 0,
    });
  });

  it("shows card types with their privileges and member day in 折, and sends a member day as chosen", async () => {
    const gold: ConsoleCardType = {
      id: 2,
      cardType: 1,
      name: "金卡",
      isVipPrice: true,
      chargeFlag: true,
      pointsPerYuan: 1,
      centsPerPoint: 1,
      rights: [1, 8],
      isDefault: true,
      enabled: true,
      memberDay: { weekdays: [3], monthDays: [8], percent: 88, text: "8.8折" },
      cards: 12,
      version: 2,
    };
    const bodies: unknown[] = [];
    memberRoutes(OWNER_SESSION, {
      [`GET ${API.consoleCardTypes(1)}`]: { data: [gold] },
      [`PUT ${API.consoleCardType(1, 2)}`]: (call) => {
        bodies.push(call.body);
        return { data: { ...gold, version: 3 } };
      },
    });
    renderConsole("/members/card-types");
    const row = (await within(await screen.findByTestId("card-types")).findByText("金卡")).closest("tr");
    expect(row?.textContent).toContain(C.defaultTag);
    expect(row?.textContent).toContain("会员价");
    expect(row?.textContent).toContain("每周三；每月8日 · 8.8折");
    fireEvent.click(screen.getByTestId("edit-type-2"));
    const percent = await screen.findByTestId("member-day-percent");
    fireEvent.change(percent, { target: { value: "90" } });
    await screen.findByText("9折");
    fireEvent.click(within(screen.getByTestId("card-type-form")).getByText(C.ok));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: "金卡",
      isVipPrice: true,
      chargeFlag: true,
      pointsPerYuan: 1,
      centsPerPoint: 1,
      rights: [1, 8],
      isDefault: true,
      enabled: true,
      memberDay: { weekdays: [3], monthDays: [8], percent: 90 },
      version: 2,
    });
  });

  it("creates a 满减 offer and turns one off", async () => {
    const offer: ConsoleOffer = {
      id: 9,
      threshold: "100.00",
      reduction: "10.00",
      enabled: true,
      text: "满100减10",
    };
    const bodies: unknown[] = [];
    memberRoutes(OWNER_SESSION, {
      [`GET ${API.consoleDiscountOffers(1)}`]: { data: [offer] },
      [`POST ${API.consoleDiscountOffers(1)}`]: (call) => {
        bodies.push(call.body);
        return { data: { ...offer, id: 10 } };
      },
      [`PUT ${API.consoleDiscountOfferEnabled(1, 9)}`]: (call) => {
        bodies.push(call.body);
        return { data: { ...offer, enabled: false } };
      },
    });
    renderConsole("/members/offers");
    expect(await within(await screen.findByTestId("offers")).findByText("满100减10")).toBeTruthy();
    fireEvent.click(screen.getByTestId("new-offer"));
    fireEvent.change(await screen.findByTestId("offer-threshold"), { target: { value: "200" } });
    fireEvent.change(screen.getByTestId("offer-reduction"), { target: { value: "30" } });
    fireEvent.click(within(screen.getByTestId("offer-form")).getByText(C.ok));
    await waitFor(() => expect(bodies).toEqual([{ threshold: "200", reduction: "30" }]));
    fireEvent.click(screen.getByTestId("toggle-offer-9"));
    await waitFor(() => expect(bodies[1]).toEqual({ enabled: false }));
  });
});
