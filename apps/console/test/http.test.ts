import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, call, setUnauthorizedHandler, withQuery } from "../src/api/http.js";
import { COMMON_COPY } from "../src/copy/index.js";
import { fakeApi } from "./fake-api.js";

const schema = z.object({ n: z.number() });

describe("the console's HTTP client", () => {
  it("answers the envelope's data, parsed with the contract's schema", async () => {
    const api = fakeApi({ "POST /x": { data: { n: 1, extra: "dropped" } } });
    await expect(
      call("/x", schema, { method: "POST", body: { a: 1 }, query: { q: "1 2", no: undefined } }),
    ).resolves.toEqual({
      n: 1,
    });
    expect(api.calls[0]).toEqual({ method: "POST", url: "/x?q=1+2", body: { a: 1 } });
    expect(withQuery("/x", { q: "1 2", no: undefined, n: 3 })).toBe("/x?q=1+2&n=3");
  });

  it("refuses data that is not the contract's, an answer that is no envelope, and a refusal", async () => {
    fakeApi({
      "GET /bad": { data: { n: "1" } },
      "GET /raw": { raw: "<html>" },
      "GET /no": { status: 403, message: "无权限" },
    });
    await expect(call("/bad", schema)).rejects.toMatchObject({
      kind: "parse",
      message: COMMON_COPY.badAnswer,
    });
    await expect(call("/raw", schema)).rejects.toMatchObject({ kind: "parse" });
    await expect(call("/no", schema)).rejects.toMatchObject({
      kind: "envelope",
      status: 403,
      code: 403,
      message: "无权限",
    });
  });

  it("reports a network failure as one, and tells the session of a 401 unless it was expected", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("fetch failed");
    });
    await expect(call("/x", schema)).rejects.toBeInstanceOf(ApiError);
    await expect(call("/x", schema)).rejects.toMatchObject({ kind: "network", message: COMMON_COPY.network });
    let told = 0;
    setUnauthorizedHandler(() => told++);
    fakeApi({ "GET /me": { status: 401, message: "x" } });
    await expect(call("/me", schema)).rejects.toMatchObject({ status: 401 });
    await expect(call("/me", schema, { expectUnauthorized: true })).rejects.toMatchObject({ status: 401 });
    expect(told).toBe(1);
  });
});
