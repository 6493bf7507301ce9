import { API, type ApiKeyView, type AuditPage, type StaffMember, type StaffSession } from "@tablemate/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { API_KEYS_COPY, AUDIT_COPY, PIN_SWITCH_COPY, STAFF_COPY } from "../src/copy/index.js";
import { useSession } from "../src/features/session/session-store.js";
import { fakeApi, OWNER_SESSION } from "./fake-api.js";
import { at, renderConsole } from "./render.js";

const MANAGER_SESSION: StaffSession = {
  account: { id: 3, name: "李经理", login: "manager3" },
  restaurants: [{ id: 1, name: "川味小馆", role: "manager", timezone: "Asia/Shanghai" }],
};

const member = (
  accountId: number,
  name: string,
  role: StaffMember["role"],
  disabled = false,
): StaffMember => ({
  accountId,
  login: `u${accountId}`,
  name,
  role,
  disabled,
  createdAt: "2026-11-24T01:00:00.000Z",
});

const signedIn = (session: StaffSession) => ({ [`GET ${API.consoleSession}`]: { data: session } });

// antd's tables, pickers and dialogs in jsdom take seconds each on two shared cores
describe("the staff pages", { timeout: 90_000 }, () => {
  it("lists the staff; a manager cannot manage the owner, and adds a waiter through the form", async () => {
    const staff = [
      member(1, "王店长", "owner"),
      member(3, "李经理", "manager"),
      member(7, "小李", "waiter", true),
    ];
    const api = fakeApi({
      ...signedIn(MANAGER_SESSION),
      [`GET ${API.staffAccounts(1)}`]: { data: staff },
      [`POST ${API.staffAccounts(1)}`]: (call) => ({
        data: member(9, (call.body as { name: string }).name, "waiter"),
      }),
    });
    renderConsole("/staff");
    const page = await screen.findByTestId("staff-page", {}, { timeout: 20_000 });
    await within(page).findByText("小李");
    expect(within(page).getByText(STAFF_COPY.ownerHint)).toBeTruthy();
    expect(within(page).getByText(STAFF_COPY.disabled)).toBeTruthy();
    // no disable button for oneself
    const myRow = within(page).getByText("李经理").closest("tr") as HTMLElement;
    expect(within(myRow).queryByRole("button", { name: STAFF_COPY.disable })).toBeNull();

    fireEvent.click(within(page).getByRole("button", { name: new RegExp(STAFF_COPY.add) }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(STAFF_COPY.form.name), { target: { value: "小王" } });
    fireEvent.change(within(dialog).getByLabelText(STAFF_COPY.form.login), { target: { value: "xiaowang" } });
    fireEvent.change(within(dialog).getByLabelText(STAFF_COPY.form.password), {
      target: { value: "password-1" },
    });
    fireEvent.change(within(dialog).getByLabelText(STAFF_COPY.form.pin), { target: { value: "2468" } });
    fireEvent.click(within(dialog).getByRole("button", { name: STAFF_COPY.ok }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST")).toBe(true));
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "小王",
      login: "xiaowang",
      role: "waiter",
      password: "password-1",
      pin: "2468",
    });
  });

  it("shows a new API key once, with copy, and revokes after a confirm", async () => {
    const key: ApiKeyView = {
      id: 5,
      name: "前台收银机",
      prefix: "tmk_AbCd1234",
      role: "cashier",
      createdAt: "2026-11-24T01:00:00.000Z",
      createdBy: "王店长",
      lastUsedAt: null,
      revokedAt: null,
    };
    let keys: ApiKeyView[] = [];
    const api = fakeApi({
      ...signedIn(OWNER_SESSION),
      [`GET ${API.apiKeys(1)}`]: () => ({ data: keys }),
      [`POST ${API.apiKeys(1)}`]: () => {
        keys = [key];
        return { data: { apiKey: key, secret: "tmk_AbCd1234-the-rest-of-the-secret" } };
      },
      [`DELETE ${API.apiKey(1, 5)}`]: () => {
        keys = [{ ...key, revokedAt: "2026-11-24T02:00:00.000Z" }];
        return { data: null };
      },
    });
    renderConsole("/api-keys");
    const page = await screen.findByTestId("api-keys-page", {}, { timeout: 20_000 });
    fireEvent.click(within(page).getByRole("button", { name: new RegExp(API_KEYS_COPY.create) }));
    const form = await screen.findByRole("dialog");
    fireEvent.change(within(form).getByLabelText(API_KEYS_COPY.form.name), {
      target: { value: "前台收银机" },
    });
    fireEvent.click(within(form).getByRole("button", { name: API_KEYS_COPY.ok }));
    const secret = (await screen.findByTestId("api-key-secret")) as HTMLInputElement;
    expect(secret.value).toBe("tmk_AbCd1234-the-rest-of-the-secret");
    fireEvent.click(screen.getByRole("button", { name: API_KEYS_COPY.done }));
    await waitFor(() => expect(screen.queryByTestId("api-key-secret")).toBeNull());
    // the list shows the prefix only
    await within(page).findByText("tmk_AbCd1234…");
    expect(page.textContent).not.toContain("the-rest-of-the-secret");
    fireEvent.click(within(page).getByRole("button", { name: API_KEYS_COPY.revoke }));
    const [confirm] = await screen.findAllByText(API_KEYS_COPY.revokeConfirm("前台收银机"));
    const dialog = confirm?.closest(".ant-modal") as HTMLElement;
    fireEvent.click(within(dialog).getByRole("button", { name: API_KEYS_COPY.revoke }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "DELETE")).toBe(true));
    await within(page).findByText(/已吊销/);
  });

  it("reads the audit log: the first page unfiltered, before and after shown by name", async () => {
    const answer: AuditPage = {
      entries: [
        {
          id: 1,
          at: "2026-11-24T01:00:00.000Z",
          actor: "staff:3",
          actorName: "李经理",
          approver: null,
          approverName: null,
          action: "staff.role",
          target: "staff:7",
          before: { role: "waiter" },
          after: { role: "cashier" },
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    };
    const api = fakeApi({
      ...signedIn(OWNER_SESSION),
      [`GET ${API.auditLog(1)}`]: { data: answer },
      [`GET ${API.staffAccounts(1)}`]: { data: [] },
    });
    renderConsole("/audit");
    const page = await screen.findByTestId("audit-page", {}, { timeout: 20_000 });
    await within(page).findByText(AUDIT_COPY.actions["staff.role"] as string);
    const row = within(page).getByText("李经理").closest("tr") as HTMLElement;
    expect(row.textContent).toContain("服务员");
    expect(row.textContent).toContain("收银员");
    expect(row.textContent).toContain("服务员 → 收银员");
    expect(row.textContent).toContain("员工 #7");
    const first = api.calls.find((c) => c.url.startsWith(API.auditLog(1)));
    expect(first?.url).toContain("page=1");
    expect(first?.url).not.toContain("action=");
  });

  it("switches staff by PIN: the new session is adopted; a wrong PIN is shown and signs nobody out", async () => {
    const WAITER: StaffSession = {
      account: { id: 7, name: "小李", login: "waiter7" },
      restaurants: [{ id: 1, name: "川味小馆", role: "waiter", timezone: "Asia/Shanghai" }],
    };
    fakeApi({
      ...signedIn(OWNER_SESSION),
      [`POST ${API.consoleSessionPin}`]: (call) =>
        (call.body as { pin: string }).pin === "4321"
          ? { data: WAITER }
          : { status: 401, message: "PIN 码错误" },
    });
    renderConsole("/");
    await screen.findByTestId("home-page");
    fireEvent.click(screen.getByTestId("pin-switch"));
    const dialog = await screen.findByRole("dialog");
    const input = within(dialog).getByLabelText(PIN_SWITCH_COPY.pin);
    fireEvent.change(input, { target: { value: "0000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: PIN_SWITCH_COPY.submit }));
    await within(dialog).findByText("PIN 码错误");
    expect(useSession.getState().status).toBe("signedIn");
    fireEvent.change(within(dialog).getByLabelText(PIN_SWITCH_COPY.pin), { target: { value: "4321" } });
    fireEvent.click(within(dialog).getByRole("button", { name: PIN_SWITCH_COPY.submit }));
    await waitFor(() => expect(useSession.getState().session?.account.name).toBe("小李"));
    expect(screen.getByTestId("staff-member").textContent).toContain("小李");
    expect(at.path).toBe("/");
  });
});
