import { isGuid } from "@tablemate/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { randomKey, randomUuid } from "../src/index.js";

describe("randomKey", () => {
  it("answers 32 hex digits, a new one each time", () => {
    const keys = new Set(Array.from({ length: 100 }, randomKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("randomUuid", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answers a version-4 UUID the server takes as a guid, a new one each time", () => {
    const ids = new Set(Array.from({ length: 100 }, randomUuid));
    expect(ids.size).toBe(100);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(isGuid(id)).toBe(true);
    }
  });

  it("works where crypto.randomUUID does not exist (a plain-http page is not a secure context)", () => {
    vi.stubGlobal("crypto", { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    expect(isGuid(randomUuid())).toBe(true);
  });
});
