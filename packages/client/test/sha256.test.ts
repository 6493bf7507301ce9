import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hmacSha256, sha256 } from "../src/sha256.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("SHA-256 and HMAC-SHA256 in plain TypeScript", () => {
  it("gives FIPS 180-4's digests of 'abc' and of the empty text", () => {
    expect(hex(sha256(new TextEncoder().encode("abc")))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(hex(sha256(new Uint8Array()))).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
  });

  it("agrees with node:crypto on any bytes, across block boundaries", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(hex(sha256(bytes))).toBe(createHash("sha256").update(bytes).digest("hex"));
      }),
      { numRuns: 300 },
    );
  });

  it("agrees with node:crypto's HMAC for short keys, block-sized keys and keys longer than a block", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 150 }), fc.uint8Array({ maxLength: 200 }), (key, message) => {
        expect(hex(hmacSha256(key, message))).toBe(createHmac("sha256", key).update(message).digest("hex"));
      }),
      { numRuns: 300 },
    );
  });
});
