import { ApiError } from "@tablemate/client";
import { MEMBER_API } from "@tablemate/core";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { memberGet, onMemberLoginCleared, readMemberLogin } from "../src/api/member-http.js";
import { MEMBER_COPY } from "../src/features/member/member-copy.js";
import { fail, fakeServer, type Handler, ok, type RecordedRequest } from "./fake-server.js";
import { HOTEL_ID } from "./fixtures.js";
import { FUSE, loggedIn, PHONE, TOKEN } from "./member-fixtures.js";

const PATH = FUSE.cards;
const tokenOf = (request: RecordedRequest | undefined) => request?.headers.get("member-token") ?? null;

/** A member call refused with `code` while the token is `stale`, answered once it is not. */
function staleUntilRefreshed(code: number, stale = TOKEN): Handler {
  return (request) => (tokenOf(request) === stale ? fail(code, "令牌已过期") : ok(["cards"], 200));
}

describe("member calls and their token (spec 001 §6, §8)", () => {
  it("send the stored member token in the member-token header, and rid", async () => {
    loggedIn();
    const server = fakeServer({ [PATH]: () => ok([], 200) });
    await memberGet(PATH, HOTEL_ID, { type: 1 });
    const sent = server.last(PATH);
    expect(tokenOf(sent)).toBe(TOKEN);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({ rid: "7", type: "1" });
  });

  it("go without the header when nobody logged in", async () => {
    const server = fakeServer({ [PATH]: () => ok([], 200) });
    await memberGet(PATH, HOTEL_ID);
    expect(tokenOf(server.last(PATH))).toBeNull();
  });

  it.each([401, 1990])("%s clears the stored phone, token and card, and rejects", async (code) => {
    loggedIn();
    const cleared: number[] = [];
    const stop = onMemberLoginCleared((rid) => cleared.push(rid));
    const server = fakeServer({ [PATH]: () => fail(code, "请先登录", code === 401 ? 401 : 200) });
    await expect(memberGet(PATH, HOTEL_ID)).rejects.toMatchObject({ code });
    stop();
    expect(readMemberLogin(HOTEL_ID)).toBeNull();
    expect(cleared).toEqual([HOTEL_ID]);
    expect(server.paths()).toEqual([PATH]);
  });

  it.each([405, 407, 1991, 1992])("%s refreshes the token, keeps it, and tries once more", async (code) => {
    loggedIn();
    const server = fakeServer({
      [PATH]: staleUntilRefreshed(code),
      [MEMBER_API.tokenRefresh]: () => ok({ token: "fresh-token", expiresAt: 1 }, 200),
    });
    await expect(memberGet(PATH, HOTEL_ID)).resolves.toEqual(["cards"]);
    expect(server.paths()).toEqual([PATH, MEMBER_API.tokenRefresh, PATH]);
    // the token in its header, never in the URL
    expect(Object.fromEntries(server.last(MEMBER_API.tokenRefresh)?.query ?? [])).toEqual({ rid: "7" });
    expect(tokenOf(server.last(MEMBER_API.tokenRefresh))).toBe(TOKEN);
    expect(tokenOf(server.last(PATH))).toBe("fresh-token");
    expect(readMemberLogin(HOTEL_ID)).toEqual({ token: "fresh-token", phone: PHONE, cardId: 41 });
  });

  it("refreshes once for calls refused together", async () => {
    loggedIn();
    const server = fakeServer({
      [PATH]: staleUntilRefreshed(1991),
      [MEMBER_API.tokenRefresh]: () => ok({ token: "fresh-token", expiresAt: 1 }, 200),
    });
    await Promise.all([memberGet(PATH, HOTEL_ID), memberGet(PATH, HOTEL_ID)]);
    expect(server.paths().filter((path) => path === MEMBER_API.tokenRefresh)).toHaveLength(1);
  });

  it("tries again only once: a second stale answer rejects", async () => {
    loggedIn();
    const server = fakeServer({
      [PATH]: () => fail(1991, "令牌已过期"),
      [MEMBER_API.tokenRefresh]: () => ok({ token: "fresh-token", expiresAt: 1 }, 200),
    });
    await expect(memberGet(PATH, HOTEL_ID)).rejects.toMatchObject({ code: 1991 });
    expect(server.paths()).toEqual([PATH, MEMBER_API.tokenRefresh, PATH]);
  });

  it("a refresh answering 1001 rejects and clears the login, without trying again", async () => {
    loggedIn();
    const server = fakeServer({
      [PATH]: () => fail(1991, "令牌已过期"),
      [MEMBER_API.tokenRefresh]: () => fail(1001, "登录已失效"),
    });
    const refused = await memberGet(PATH, HOTEL_ID).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 1001, path: MEMBER_API.tokenRefresh });
    expect(readMemberLogin(HOTEL_ID)).toBeNull();
    expect(server.paths()).toEqual([PATH, MEMBER_API.tokenRefresh]);
  });

  it("a refresh that fails otherwise says 获取信息失败，请稍后重试！ and keeps the login", async () => {
    loggedIn();
    fakeServer({ [PATH]: () => fail(1992, "令牌无效"), [MEMBER_API.tokenRefresh]: () => "network-error" });
    await expect(memberGet(PATH, HOTEL_ID)).rejects.toMatchObject({ kind: "network" });
    expect(await screen.findByText(MEMBER_COPY.refreshFailed)).toBeTruthy();
    expect(MEMBER_COPY.refreshFailed).toBe("获取信息失败，请稍后重试！");
    expect(readMemberLogin(HOTEL_ID)?.token).toBe(TOKEN);
  });

  it("without a stored token, a stale answer just rejects", async () => {
    const server = fakeServer({ [PATH]: () => fail(1991, "令牌已过期") });
    await expect(memberGet(PATH, HOTEL_ID)).rejects.toMatchObject({ code: 1991 });
    expect(server.paths()).toEqual([PATH]);
  });

  it("500 says 系统错误 and rejects, the login kept", async () => {
    loggedIn();
    fakeServer({ [PATH]: () => fail(500, "internal", 500) });
    await expect(memberGet(PATH, HOTEL_ID)).rejects.toMatchObject({ code: 500 });
    await waitFor(() => expect(screen.getByText("系统错误")).toBeTruthy());
    expect(readMemberLogin(HOTEL_ID)?.token).toBe(TOKEN);
  });

  it("leaves every other refusal to the caller, the login kept and nothing said", async () => {
    loggedIn();
    fakeServer({ [PATH]: () => fail(100002, "该会员卡不能在本店使用") });
    await expect(memberGet(PATH, HOTEL_ID)).rejects.toMatchObject({ code: 100002 });
    expect(readMemberLogin(HOTEL_ID)?.token).toBe(TOKEN);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
