import { API, type ReportSummary } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { COMMON_COPY, REPORTS_COPY } from "../src/copy/index.js";
import { useSession } from "../src/features/session/session-store.js";
import { fakeApi, OWNER_SESSION, WAITER_SESSION } from "./fake-api.js";
import { at, renderConsole } from "./render.js";

const SUMMARY: ReportSummary = {
  from: "2026-03-10",
  to: "2026-03-10",
  timezone: "Asia/Shanghai",
  orders: 12,
  revenue: "1234.50",
  diners: 30,
  averagePerDiner: "41.15",
  topDishes: [
    { foodId: 3, name: "宫保鸡丁", quantity: "9", revenue: "342.00" },
    { foodId: 5, name: "称重鲈鱼", quantity: "2.5", revenue: "220.00" },
  ],
  byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: hour === 12 ? 7 : hour === 18 ? 5 : 0 })),
};

describe("today's numbers", () => {
  it("shows the numbers of today, the top dishes and a CSV link for the same days", async () => {
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleReportsSummary(1)}`]: { data: SUMMARY },
    });
    renderConsole("/reports");
    await screen.findByTestId("reports-page");
    await waitFor(() => expect(screen.getByTestId("stat-revenue").textContent).toContain("1,234.50"));
    expect(screen.getByTestId("stat-orders").textContent).toContain("12");
    expect(screen.getByTestId("stat-diners").textContent).toContain("30");
    expect(screen.getByTestId("stat-average").textContent).toContain("41.15");
    const dishes = within(screen.getByTestId("top-dishes"));
    expect(dishes.getByText("宫保鸡丁")).toBeTruthy();
    expect(dishes.getByText("2.5")).toBeTruthy();
    // today (no days asked): the server's answer names them, and the CSV is of those days
    expect(api.calls.find((c) => c.url.startsWith(API.consoleReportsSummary(1)))?.url).toBe(
      API.consoleReportsSummary(1),
    );
    expect(screen.getByTestId("csv-download").getAttribute("href")).toBe(
      `${API.consoleReportsCsv(1)}?from=2026-03-10&to=2026-03-10`,
    );
    expect(document.title).toContain(REPORTS_COPY.title);
  });

  it("reads the chosen restaurant's numbers, and again when the owner switches restaurants", async () => {
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleReportsSummary(1)}`]: { data: SUMMARY },
      [`GET ${API.consoleReportsSummary(2)}`]: {
        data: { ...SUMMARY, orders: 3, averagePerDiner: null, diners: 0 },
      },
    });
    renderConsole("/reports");
    await waitFor(() => expect(screen.getByTestId("stat-orders").textContent).toContain("12"));
    useSession.getState().chooseRestaurant(2);
    await waitFor(() => expect(screen.getByTestId("stat-orders").textContent).toContain("3"));
    expect(screen.getByTestId("stat-average").textContent).toContain(REPORTS_COPY.noAverage);
    expect(api.calls.some((c) => c.url.startsWith(API.consoleReportsSummary(2)))).toBe(true);
  });

  it("says when the numbers could not be read, and reads them again on 重试", async () => {
    let calls = 0;
    fakeApi({
      [`GET ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleReportsSummary(1)}`]: () =>
        ++calls === 1 ? { status: 500, message: "服务器开小差了" } : { data: SUMMARY },
    });
    renderConsole("/reports");
    expect((await screen.findByText("服务器开小差了")).textContent).toBeTruthy();
    fireEvent.click(within(screen.getByRole("alert")).getByRole("button", { name: REPORTS_COPY.retry }));
    await waitFor(() => expect(screen.getByTestId("stat-orders").textContent).toContain("12"));
  });

  it("is in the menu only for roles with reports.read; a waiter who opens it is told so, and nothing is asked", async () => {
    const api = fakeApi({ [`GET ${API.consoleSession}`]: { data: WAITER_SESSION } });
    renderConsole("/reports");
    const menu = await screen.findByTestId("side-menu");
    expect(within(menu).queryByText(REPORTS_COPY.title)).toBeNull();
    expect(within(menu).getByText(COMMON_COPY.home.title)).toBeTruthy();
    expect((await screen.findByText(COMMON_COPY.forbidden.title)).textContent).toBeTruthy();
    expect(api.calls.map((c) => c.url)).toEqual([API.consoleSession]);
  });

  it("sends a visitor without a session to sign in, and back to the numbers after", async () => {
    fakeApi({
      [`GET ${API.consoleSession}`]: { status: 401, message: "未登录" },
      [`POST ${API.consoleSession}`]: { data: OWNER_SESSION },
      [`GET ${API.consoleReportsSummary(1)}`]: { data: SUMMARY },
    });
    renderConsole("/reports");
    await screen.findByTestId("login-page");
    expect(at.path).toBe("/login?next=%2Freports");
    await useSession.getState().signIn("owner1", "pw");
    await screen.findByTestId("reports-page");
    expect(at.path).toBe("/reports");
  });
});
