import { API, cartIdSchema } from "@tablemate/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, buildUrl, createHttpClient, formEncode } from "../src/http.js";
import { jsonBody } from "../src/json-body.js";

interface Sent {
  url: string;
  init: RequestInit;
}

/** Replaces fetch with one answering `body` (as JSON unless text) with `status`; records what was sent. */
function answer(body: unknown, status = 200): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
    }),
  );
  return sent;
}

const ok = (data: unknown, code = 1000) => ({ code, success: true, data, message: "ok" });
const headersOf = (sent: Sent | undefined) => (sent?.init.headers ?? {}) as Record<string, string>;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the shared HTTP client", () => {
  it("get and post answer the data; request answers the whole envelope", async () => {
    answer(ok({ value: 3, sign: "s" }, 200));
    const http = createHttpClient();
    await expect(http.get(API.cartId, { rid: 1 })).resolves.toEqual({ value: 3, sign: "s" });
    await expect(http.post(API.cartId, { rid: 1 })).resolves.toEqual({ value: 3, sign: "s" });
    await expect(http.request("DELETE", API.cartId)).resolves.toMatchObject({ code: 200, success: true });
  });

  it("parses the data with a call's schema (core's zod schemas), and throws the schema's error on a mismatch", async () => {
    answer(ok({ value: 3, sign: "s", extra: "dropped" }));
    const http = createHttpClient();
    const cart = await http.get(API.cartId, {}, { schema: cartIdSchema });
    expect(cart).toEqual({ value: 3, sign: "s" });
    answer(ok({ value: "3" }));
    await expect(http.get(API.cartId, {}, { schema: cartIdSchema })).rejects.toBeInstanceOf(z.ZodError);
    // without a schema the data is taken as it came
    await expect(http.get(API.cartId)).resolves.toEqual({ value: "3" });
  });

  it("form-encodes bodies by default and sends JSON with jsonBody; GET sends none", async () => {
    const sent = answer(ok(null));
    await createHttpClient().post("/x", { a: 1, nested: { b: [2] }, none: undefined });
    await createHttpClient({ encodeBody: jsonBody }).post("/x", { a: 1, nested: { b: [2] } });
    await createHttpClient({ encodeBody: jsonBody }).request("GET", "/x", { body: { a: 1 } });
    expect(headersOf(sent[0])["Content-Type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent[0]?.init.body).toBe("a=1&nested=%7B%22b%22%3A%5B2%5D%7D");
    expect(headersOf(sent[1])["Content-Type"]).toBe("application/json");
    expect(JSON.parse(String(sent[1]?.init.body))).toEqual({ a: 1, nested: { b: [2] } });
    expect(sent[2]?.init.body).toBeUndefined();
  });

  it("sends a call's own headers, beside the token, without letting them change Accept", async () => {
    const sent = answer(ok(null));
    const http = createHttpClient({ token: () => "t1" });
    await http.post("/pay", { a: 1 }, { headers: { "Idempotency-Key": "key-0001", Accept: "text/html" } });
    await http.post("/pay", { a: 1 });
    expect(headersOf(sent[0])).toMatchObject({
      "Idempotency-Key": "key-0001",
      token: "t1",
      Accept: "application/json",
    });
    expect(headersOf(sent[1])["Idempotency-Key"]).toBeUndefined();
  });

  it("encodes one call's body its own way (JSON on a form client), the others as the client does", async () => {
    const sent = answer(ok(null));
    const http = createHttpClient();
    await http.post("/pay", { rid: 7, claims: [{ lineId: 1 }] }, { encodeBody: jsonBody });
    await http.post("/x", { a: 1 });
    expect(headersOf(sent[0])["Content-Type"]).toBe("application/json");
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ rid: 7, claims: [{ lineId: 1 }] });
    expect(headersOf(sent[1])["Content-Type"]).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it("sends the token the client reads at each call, and no header without one", async () => {
    const sent = answer(ok(null));
    let token: string | null = null;
    const http = createHttpClient({ token: () => token });
    await http.get("/x");
    token = "t1";
    await http.get("/x");
    expect(headersOf(sent[0]).token).toBeUndefined();
    expect(headersOf(sent[1]).token).toBe("t1");
    expect(sent[1]?.init.credentials).toBe("include");
  });

  it("keeps a refusal's code, message and data on the ApiError", async () => {
    answer({ code: 2000, success: false, data: [{ foodId: 1, left: 0 }], message: "库存不足" }, 409);
    const error = await createHttpClient()
      .post(API.orderSubmit, {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: "envelope", code: 2000, status: 409, message: "库存不足" });
    expect((error as ApiError).data).toEqual([{ foodId: 1, left: 0 }]);
  });

  it("watches each call from its start until it settles, answered or not", async () => {
    const events: string[] = [];
    const watch = (path: string) => {
      events.push(`start ${path}`);
      return () => events.push(`end ${path}`);
    };
    answer(ok(null));
    await createHttpClient({ watch }).get("/a");
    answer("<html>", 502);
    await createHttpClient({ watch })
      .get("/b")
      .catch(() => undefined);
    expect(events).toEqual(["start /a", "end /a", "start /b", "end /b"]);
  });

  it("gives up after a call's own timeout", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          }),
      ),
    );
    const outcome = createHttpClient()
      .get("/slow", {}, { timeoutMs: 500 })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await outcome).toMatchObject({ kind: "timeout", path: "/slow" });
  });

  it("builds URLs and form bodies from present values only", () => {
    expect(buildUrl("/p", { a: 1, b: undefined, c: null, d: "x y" })).toBe("/p?a=1&d=x+y");
    expect(buildUrl("/p?z=1", { a: true })).toBe("/p?z=1&a=true");
    expect(buildUrl("/p", {})).toBe("/p");
    expect(formEncode({ a: [1], b: null })).toBe("a=%5B1%5D");
  });

  it("types get's answer from the schema given", async () => {
    answer(ok([1, 2]));
    const numbers: number[] = await createHttpClient().get("/n", {}, { schema: z.array(z.number()) });
    expect(numbers).toEqual([1, 2]);
  });
});
