import { ApiError, HTTP_TIMEOUT_MS } from "@tablemate/client";
import { API } from "@tablemate/core";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { http, TOKEN_STORAGE_KEY } from "../src/api/http.js";
import { clearToasts, showLoadingToast, showToast } from "../src/features/loading/toast.js";
import { fail, fakeServer, ok } from "./fake-server.js";

describe("http client", () => {
  it("form-encodes POST bodies, sending objects and arrays as JSON text and skipping empty fields", async () => {
    const server = fakeServer({ [API.cartJoin]: () => ok({ virTableId: 1, cartId: 2 }) });
    await http.post(API.cartJoin, {
      restaurantId: 7,
      fastFood: false,
      foods: [{ id: 1, count: 2 }],
      wholeMemo: { memo: "少辣" },
      nickName: undefined,
      headIcon: null,
    });
    const sent = server.last(API.cartJoin);
    expect(sent?.method).toBe("POST");
    expect(sent?.headers.get("Content-Type")).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      restaurantId: "7",
      fastFood: "false",
      foods: '[{"id":1,"count":2}]',
      wholeMemo: '{"memo":"少辣"}',
    });
    expect(sent?.init.credentials).toBe("include");
  });

  it("sends GET parameters in the query, next to any query the path already has", async () => {
    const server = fakeServer({ [API.tableJoin]: () => ok({}) });
    await http.get(API.foodList, { restaurantId: 7, rid: 7, absent: undefined });
    await http.post(API.tableJoin, { guid: "g" }, { query: { rid: 7 } });
    expect(Object.fromEntries(server.last(API.foodList)?.query ?? [])).toEqual({
      restaurantId: "7",
      rid: "7",
    });
    expect(server.last(API.tableJoin)?.query.get("rid")).toBe("7");
  });

  it("sends the stored token in the `token` header, and no header without one", async () => {
    const server = fakeServer({ [API.recommend]: () => ok([]) });
    await http.get(API.recommend, { rid: 1 });
    localStorage.setItem(TOKEN_STORAGE_KEY, "abc123");
    await http.get(API.recommend, { rid: 1 });
    expect(server.requests[0]?.headers.has("token")).toBe(false);
    expect(server.requests[1]?.headers.get("token")).toBe("abc123");
  });

  it("resolves with the envelope of a successful answer", async () => {
    fakeServer({ [API.posStatus]: () => ok(false, 200) });
    await expect(http.request("GET", API.posStatus, { query: { rid: 1 } })).resolves.toMatchObject({
      code: 200,
      success: true,
      data: false,
    });
  });

  it("rejects a failed envelope with its code and message, even under an HTTP error status", async () => {
    fakeServer({ [API.restaurantDetail]: () => fail(1011, "餐厅不存在", 404) });
    const error = await http.get(API.restaurantDetail, { restaurantId: 9 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: "envelope", code: 1011, status: 404, message: "餐厅不存在" });
  });

  it("auth.code-500: says 系统错误 for a 500 on any call, not only member calls (001 §8), and still rejects", async () => {
    fakeServer({ [API.orderSubmit]: () => fail(500, "internal", 500) });
    await expect(http.post(API.orderSubmit, { data: "{}" })).rejects.toMatchObject({ code: 500 });
    await waitFor(() => expect(screen.getByText("系统错误")).toBeTruthy());
  });

  it("auth.code-500: keeps 系统错误 when the caller then toasts its own failure or clears its loading toast", async () => {
    fakeServer({ [API.callWaiter]: () => fail(500, "internal", 500) });
    clearToasts();
    showLoadingToast("请稍候");
    await waitFor(() => expect(screen.getByText("请稍候")).toBeTruthy());
    await http.post(API.callWaiter, { rid: 1, tableNo: 2 }).catch(() => {
      clearToasts();
      showToast("呼叫失败");
    });
    await waitFor(() => expect(screen.getByText("系统错误")).toBeTruthy());
    expect(screen.queryByText("呼叫失败")).toBeNull();
    // what comes later says its own words again
    await new Promise((resolve) => setTimeout(resolve, 0));
    showToast("已呼叫服务员");
    await waitFor(() => expect(screen.getByText("已呼叫服务员")).toBeTruthy());
  });

  it("says 系统错误 for an HTTP 500 that is no envelope, and nothing for other refusals", async () => {
    fakeServer({
      [API.memos]: () => ({ status: 500, body: "<html>oops</html>" }),
      [API.restaurantDetail]: () => fail(1011, "餐厅不存在", 404),
    });
    clearToasts();
    await expect(http.get(API.restaurantDetail)).rejects.toMatchObject({ code: 1011 });
    expect(screen.queryByText("系统错误")).toBeNull();
    await expect(http.get(API.memos)).rejects.toMatchObject({ kind: "http", status: 500 });
    await waitFor(() => expect(screen.getByText("系统错误")).toBeTruthy());
  });

  it("rejects an answer that is not an envelope", async () => {
    fakeServer({ [API.memos]: () => ({ status: 502, body: "<html>bad gateway</html>" }) });
    await expect(http.get(API.memos)).rejects.toMatchObject({ kind: "http", status: 502 });
  });

  it("rejects with a network error when there is no answer", async () => {
    fakeServer({ [API.memos]: () => "network-error" });
    await expect(http.get(API.memos)).rejects.toMatchObject({ kind: "network", path: API.memos });
  });

  it("gives up after 20 seconds with a timeout error", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_input: RequestInfo | URL, init: RequestInit = {}) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const outcome = http.get(API.foodList).catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ kind: "timeout", path: API.foodList });
  });
});
