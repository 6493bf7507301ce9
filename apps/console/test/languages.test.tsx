import { API, type ConsoleMenu, type Floor, type ReportSummary, type StockOverview } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMON_COPY, FLOOR_COPY } from "../src/copy/index.js";
import { setSocketFactory } from "../src/features/floor/console-socket.js";
import { chooseLocale, setLocale } from "../src/i18n/locale.js";
import { LOCALE_KEY, LOCALES } from "../src/i18n/locales.js";
import { fakeApi, OWNER_SESSION } from "./fake-api.js";
import { card, FakeSocket, ORDER, ORDER_TABLE } from "./floor-fixtures.js";
import { dish } from "./menu-fixtures.js";
import { renderConsole } from "./render.js";

/** A catalogue's first load in a test run is compiled then (icu-catalogues.ts): on a loaded machine, seconds. */
const FIRST_LOAD = { timeout: 20_000 };
const SLOW = { timeout: 90_000 };

const NOW = "2026-11-24T04:10:00.000Z";
const FLOOR: Floor = { now: NOW, tables: [card({ tableId: 1, name: "A1" }), ORDER_TABLE] };
const SUMMARY: ReportSummary = {
  from: "2026-11-24",
  to: "2026-11-24",
  timezone: "Asia/Shanghai",
  orders: 3,
  revenue: "174.00",
  diners: 6,
  averagePerDiner: "29.00",
  topDishes: [],
  byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0 })),
};
const STOCK: StockOverview = {
  categories: [],
  dishes: [],
  additions: [],
  posOnline: true,
  timezone: "Asia/Shanghai",
  now: NOW,
};
const MENU: ConsoleMenu = {
  categories: [{ id: 11, parentId: null, name: "招牌菜", sort: 1, hidden: false, version: 0 }],
  dishes: [dish(101, "毛血旺", "68")],
  recommends: [],
  memos: [],
};

/** The restaurant's data the pages show as it is, whatever language the console is in. */
const DATA = [
  ...OWNER_SESSION.restaurants.map((r) => r.name),
  OWNER_SESSION.account.name,
  "招牌菜",
  "毛血旺",
  "份",
  ...ORDER.lines.flatMap((l) => [
    l.name,
    l.unit,
    l.normName,
    l.memo,
    ...l.methodNames,
    ...l.additions.map((a) => a.name),
  ]),
  ...ORDER.lines.flatMap((l) => [l.addedBy?.name ?? ""]),
  ORDER.placedBy.name,
  // the language switch names each language in itself
  ...LOCALES.map(({ name }) => name),
];

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+/g;

/** The Chinese the page shows that is not the restaurant's data, text by text. */
function chineseShown(): string[] {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const runs: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    runs.push(...[...(node.textContent ?? "").matchAll(CJK)].map(([run]) => run));
  return runs.filter((run) => !DATA.some((data) => data.includes(run)));
}

function routes() {
  return fakeApi({
    [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
    [`GET ${API.consoleReportsSummary(1)}`]: { data: SUMMARY },
    [`GET ${API.consoleFloor(1)}`]: { data: FLOOR },
    [`GET ${API.staffOrders(1)}`]: { data: [ORDER] },
    [`GET ${API.consoleMoneyIssues(1)}`]: { data: [] },
    [`GET ${API.consoleStock(1)}`]: { data: STOCK },
    [`GET ${API.consoleMenu(1)}`]: { data: MENU },
  });
}

describe("the console's language", () => {
  it("is the stored choice, else the browser's, else zh-CN", () => {
    expect(chooseLocale("en-US", ["zh-CN"])).toBe("en-US");
    expect(chooseLocale(null, ["fr-FR", "en-GB", "zh-CN"])).toBe("en-US");
    expect(chooseLocale(null, ["zh-TW"])).toBe("zh-CN");
    expect(chooseLocale(null, ["fr-FR"])).toBe("zh-CN");
    expect(chooseLocale(null, [])).toBe("zh-CN");
    // a stored value no longer offered counts for nothing
    expect(chooseLocale("ja-JP", ["en-US"])).toBe("en-US");
  });
});

describe("the console in English", SLOW, () => {
  beforeEach(() => setSocketFactory((url) => new FakeSocket(url) as unknown as WebSocket));
  afterEach(async () => {
    FakeSocket.last = null;
    await setLocale("zh-CN", false);
  });

  it("switches from the header at once: the page renders again in English, <html lang> follows, and the choice is remembered", async () => {
    routes();
    renderConsole("/floor");
    await screen.findByTestId("table-card-2");
    expect(screen.getAllByText(FLOOR_COPY.states.free)).not.toHaveLength(0);
    expect(FLOOR_COPY.states.free).toBe("空闲");

    fireEvent.mouseDown(within(screen.getByTestId("language-switch")).getByRole("combobox"));
    fireEvent.click(await screen.findByText("English"));
    expect(await screen.findAllByText("Free", {}, FIRST_LOAD)).not.toHaveLength(0);
    await screen.findByTestId("table-card-2");
    expect(document.documentElement.lang).toBe("en-US");
    expect(localStorage.getItem(LOCALE_KEY)).toBe("en-US");
    expect(screen.getByRole("button", { name: /Sign out/ })).toBeTruthy();
    expect(chineseShown()).toEqual([]);
  });

  it("switches on the login page too", async () => {
    fakeApi({ [`GET ${API.consoleSession}`]: { status: 401, message: "请先登录" } });
    renderConsole("/login");
    expect(await screen.findByText("员工登录")).toBeTruthy();
    fireEvent.mouseDown(within(screen.getByTestId("language-switch")).getByRole("combobox"));
    fireEvent.click(await screen.findByText("English"));
    expect(await screen.findByText("Staff sign-in", {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText("Password")).toBeTruthy();
    expect(chineseShown()).toEqual([]);
  });

  it("shows home, tables, orders and menu in English, the restaurant's data as it is", async () => {
    await setLocale("en-US", true);
    routes();
    renderConsole("/");
    await screen.findByTestId("home-numbers");
    expect(screen.getByText("Today's orders")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("home-numbers").textContent).toContain("174.00"));
    expect(chineseShown()).toEqual([]);

    fireEvent.click(within(screen.getByTestId("side-menu")).getByText("Tables"));
    await screen.findByTestId("table-card-2");
    expect(screen.getAllByText("Free")).not.toHaveLength(0);
    expect(chineseShown()).toEqual([]);

    fireEvent.click(within(screen.getByTestId("side-menu")).getByText("Orders"));
    await waitFor(() => expect(screen.getByText("Order no.")).toBeTruthy());
    expect(chineseShown()).toEqual([]);

    fireEvent.click(within(screen.getByTestId("side-menu")).getByText("Menu"));
    await screen.findByTestId("menu-page");
    expect(screen.getByText("New dish")).toBeTruthy();
    expect(chineseShown()).toEqual([]);
    expect(COMMON_COPY.signOut).toBe("Sign out");
  });
});
