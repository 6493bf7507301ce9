import { describe, expect, it } from "vitest";
import { randomKey } from "../src/index.js";

describe("randomKey", () => {
  it("answers 32 hex digits, a new one each time", () => {
    const keys = new Set(Array.from({ length: 100 }, randomKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
