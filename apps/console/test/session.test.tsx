import { API } from "@tablemate/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { COMMON_COPY, SESSION_COPY } from "../src/copy/index.js";
import {
  RESTAURANT_STORAGE_KEY,
  useSession,
  watchUnauthorized,
} from "../src/features/session/session-store.js";
import { fakeApi, OWNER_SESSION, WAITER_SESSION } from "./fake-api.js";
import { at, renderConsole } from "./render.js";

async function fillAndSubmit(login: string, password: string) {
  fireEvent.change(await screen.findByPlaceholderText(SESSION_COPY.loginPlaceholder), {
    target: { value: login },
  });
  fireEvent.change(screen.getByPlaceholderText(SESSION_COPY.passwordPlaceholder), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole("button", { name: SESSION_COPY.submit }));
}

describe("signing in", () => {
  it("sends a visitor without a session from any page to the login page, and back after signing in", async () => {
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { status: 401, message: "未登录" },
      [`POST ${API.consoleSession}`]: { data: OWNER_SESSION },
    });
    renderConsole("/");
    await screen.findByTestId("login-page");
    expect(at.path).toBe("/login");
    await fillAndSubmit("  owner1 ", "secret-1");
    await screen.findByTestId("home-page");
    expect(at.path).toBe("/");
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      login: "owner1",
      password: "secret-1",
    });
    // the layout: the staff member, their role, the restaurant switcher (two restaurants) and sign-out
    expect(screen.getByTestId("staff-member").textContent).toContain("王店长");
    expect(screen.getByTestId("staff-member").textContent).toContain(COMMON_COPY.roles.owner);
    expect(screen.getByTestId("restaurant-switcher")).toBeTruthy();
    expect(localStorage.getItem(RESTAURANT_STORAGE_KEY)).toBe("1");
  });

  it("shows the not-found page for a path no page has, signed in or not", async () => {
    fakeApi({
      [`GET ${API.consoleSession}`]: { status: 401, message: "未登录" },
      [`POST ${API.consoleSession}`]: { data: WAITER_SESSION },
    });
    renderConsole("/no-such-page-yet?x=1");
    // an unknown path is the not-found page, signed in or not
    await screen.findByTestId("not-found");
    expect(screen.getByText(COMMON_COPY.notFound.title)).toBeTruthy();
  });

  it("shows the server's refusal for wrong credentials and for too many attempts, and stays", async () => {
    let attempts = 0;
    fakeApi({
      [`GET ${API.consoleSession}`]: { status: 401, message: "未登录" },
      [`POST ${API.consoleSession}`]: () =>
        ++attempts < 2 ? { status: 401, message: "账号或密码错误" } : { status: 429, message: "too many" },
    });
    renderConsole("/login");
    await fillAndSubmit("owner1", "wrong");
    expect((await screen.findByRole("alert")).textContent).toContain(SESSION_COPY.wrongCredentials);
    await fillAndSubmit("owner1", "wrong again");
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain(SESSION_COPY.tooManyAttempts),
    );
    expect(at.path).toBe("/login");
    expect(useSession.getState().status).toBe("signedOut");
  });

  it("says when the network fails or the answer is not the contract's", async () => {
    fakeApi({
      [`GET ${API.consoleSession}`]: { status: 401, message: "未登录" },
      // a session without restaurants' roles: not the contract's shape
      [`POST ${API.consoleSession}`]: { data: { account: { id: 1, name: "x", login: "x" } } },
    });
    renderConsole("/login");
    await fillAndSubmit("owner1", "secret");
    expect((await screen.findByRole("alert")).textContent).toContain(COMMON_COPY.badAnswer);
  });

  it("goes straight on from /login when the cookie's session is still good", async () => {
    fakeApi({ [`GET ${API.consoleSession}`]: { data: OWNER_SESSION } });
    renderConsole("/login?next=%2Fsome%2Fpage");
    await screen.findByTestId("not-found");
    expect(at.path).toBe("/some/page");
  });

  it("ends the session on any call's 401: the login page says so", async () => {
    watchUnauthorized(() => COMMON_COPY.sessionExpired);
    fakeApi({ [`GET ${API.consoleSession}`]: { data: OWNER_SESSION } });
    renderConsole("/");
    await screen.findByTestId("home-page");
    // a page's call answered 401 (the session expired or was revoked)
    fakeApi({ "GET /console/api/v1/anything": { status: 401, message: "登录已失效" } });
    const { call } = await import("../src/api/http.js");
    const { z } = await import("zod");
    await expect(call("/console/api/v1/anything", z.unknown())).rejects.toThrow();
    await screen.findByTestId("login-page");
    expect(screen.getByRole("alert").textContent).toContain(COMMON_COPY.sessionExpired);
  });

  it("signs out", async () => {
    const api = fakeApi({
      [`GET ${API.consoleSession}`]: { data: WAITER_SESSION },
      [`DELETE ${API.consoleSession}`]: { data: null },
    });
    renderConsole("/");
    await screen.findByTestId("home-page");
    // one restaurant: its name, no switcher
    expect(screen.getByTestId("restaurant-name").textContent).toContain("川味小馆");
    fireEvent.click(screen.getByRole("button", { name: new RegExp(COMMON_COPY.signOut) }));
    await screen.findByTestId("login-page");
    expect(api.calls.some((c) => c.method === "DELETE")).toBe(true);
  });
});
