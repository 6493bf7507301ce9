import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serverClock } from "../src/boot.js";
import { ConfigError, loadConfig } from "../src/config.js";
import { sandboxSecrets } from "../src/modules/payment/providers/sandbox/secrets.js";
import { resolveSecret } from "../src/security/secret.js";
import { createSigner } from "../src/security/signer.js";

describe("configuration", () => {
  it("has embedded defaults: port 3000, PGlite in ./data, history routing", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      ROUTER_MODE: "history",
      ROUTER_PREFIX: "",
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBeUndefined();
  });

  it("reads the environment config's URLs (spec 000 §3), checked and without a trailing slash", () => {
    const config = loadConfig({
      PAY_URL: "https://pay.example.com/gateway/",
      SOCKET_URL: "wss://socket.example.com",
      QRCODE_URL: "https://qr.example.com/",
      HOST_URL: "https://order.example.com",
      EVALUATE_URL: "https://review.example.com/sdk.js",
    });
    expect(config).toMatchObject({
      PAY_URL: "https://pay.example.com/gateway",
      SOCKET_URL: "wss://socket.example.com",
      QRCODE_URL: "https://qr.example.com",
      HOST_URL: "https://order.example.com",
      EVALUATE_URL: "https://review.example.com/sdk.js",
    });
    expect(() => loadConfig({ QRCODE_URL: "qr.example.com" })).toThrow(/QRCODE_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ PAY_URL: "ftp://pay.example.com" })).toThrow(
      /PAY_URL must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ HOST_URL: "wss://order.example.com" })).toThrow(/HOST_URL/);
    expect(() => loadConfig({ SOCKET_URL: "socket" })).toThrow(
      /SOCKET_URL must be an http\(s\) or ws\(s\) URL/,
    );
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });

  it("refuses to start on PostgreSQL without a SECRET, naming it", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://127.0.0.1/x" })).toThrow(/SECRET is required/);
  });

  it("explains each bad value", () => {
    expect(() => loadConfig({ PORT: "eighty", ROUTER_MODE: "tree" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "eighty", ROUTER_MODE: "tree" });
    } catch (error) {
      expect(String(error)).toContain("PORT");
      expect(String(error)).toContain("ROUTER_MODE");
    }
  });

  it("takes a clock shift for tests, never in production", () => {
    const hour = 3_600_000;
    const now = serverClock(loadConfig({ TEST_CLOCK_SHIFT_MS: String(-hour) }))();
    expect(Math.abs(Date.now() - hour - now.getTime())).toBeLessThan(1000);
    expect(loadConfig({}).TEST_CLOCK_SHIFT_MS).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: "production", TEST_CLOCK_SHIFT_MS: "1000" })).toThrow(
      /TEST_CLOCK_SHIFT_MS/,
    );
  });

  it("generates the embedded secret once and keeps it in the data folder", () => {
    const dir = mkdtempSync(join(tmpdir(), "tablemate-secret-"));
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveSecret(config)).toBe(first);
    expect(readFileSync(join(dir, "secret"), "utf8")).toBe(first);
  });

  it("takes the sandbox's notification secrets as a list, else generates one beside the signing secret", () => {
    const one = "a".repeat(32);
    const two = "b".repeat(40);
    const config = loadConfig({ SANDBOX_PAY_SECRETS: ` ${one} ,${two},` });
    expect(config.SANDBOX_PAY_SECRETS).toEqual([one, two]);
    expect(sandboxSecrets(config)).toEqual([one, two]);
    expect(() => loadConfig({ SANDBOX_PAY_SECRETS: `${one},short` })).toThrow(
      /each of SANDBOX_PAY_SECRETS must be at least 32 characters/,
    );
    const dir = mkdtempSync(join(tmpdir(), "tablemate-sandbox-"));
    const generated = sandboxSecrets(loadConfig({ DATA_DIR: dir }));
    expect(generated).toHaveLength(1);
    expect(generated[0]?.length).toBeGreaterThanOrEqual(32);
    expect(sandboxSecrets(loadConfig({ DATA_DIR: dir }))).toEqual(generated);
    expect(readFileSync(join(dir, "sandbox-pay-secret"), "utf8")).toBe(generated[0]);
    expect(generated[0]).not.toBe(resolveSecret(loadConfig({ DATA_DIR: dir })));
  });
});

describe("table tokens", () => {
  const signer = createSigner("a-secret-of-sufficient-length-0123456789");

  it("verify for their own table only", () => {
    const sid = signer.tableToken(1, 7);
    expect(signer.verifyTableToken(1, 7, sid)).toBe(true);
    expect(signer.verifyTableToken(1, 8, sid)).toBe(false);
    expect(signer.verifyTableToken(2, 7, sid)).toBe(false);
    expect(signer.verifyTableToken(1, 7, `${sid}x`)).toBe(false);
  });

  it("differ between secrets", () => {
    expect(createSigner("another-secret-of-sufficient-length-xyz").tableToken(1, 7)).not.toBe(
      signer.tableToken(1, 7),
    );
  });
});
