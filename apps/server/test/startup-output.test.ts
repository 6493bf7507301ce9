import type { NetworkInterfaceInfo } from "node:os";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { lanAddress, linkOrigin } from "../src/link-origin.js";
import { logFormat, loggerOptions, OneLinePerRequest, readableLine } from "../src/logging.js";
import { demoTable, startTestApp, type TestApp } from "./support/harness.js";
import { fakeWebDist, pageDataOf } from "./support/web-dist.js";

const info = (address: string, internal: boolean, family: "IPv4" | "IPv6" = "IPv4") =>
  ({ address, internal, family, netmask: "", mac: "", cidr: null }) as NetworkInterfaceInfo;
const LAPTOP = {
  lo: [info("127.0.0.1", true), info("::1", true, "IPv6")],
  docker0: [],
  wlan0: [info("fe80::1", false, "IPv6"), info("192.168.1.23", false)],
};

describe("the origin of the printed table links", () => {
  it("is this machine's first LAN IPv4 address when PUBLIC_URL is unset, and says so", () => {
    expect(lanAddress(LAPTOP)).toEqual({ address: "192.168.1.23", name: "wlan0" });
    const origin = linkOrigin(loadConfig({ PORT: "3000" }), LAPTOP);
    expect(origin.url).toBe("http://192.168.1.23:3000");
    expect(origin.server).toBe("http://192.168.1.23:3000");
    expect(origin.note).toBe(
      "PUBLIC_URL is unset: the links use this machine's LAN address 192.168.1.23 (wlan0), so a phone on the same Wi-Fi can scan the QR code",
    );
  });

  it("falls back to localhost without a network, or when the server listens on loopback only", () => {
    const offline = { lo: [info("127.0.0.1", true)] };
    expect(lanAddress(offline)).toBeNull();
    expect(linkOrigin(loadConfig({ PORT: "3001" }), offline).url).toBe("http://localhost:3001");
    const loopback = linkOrigin(loadConfig({ PORT: "3001", HOST: "127.0.0.1" }), LAPTOP);
    expect(loopback.url).toBe("http://localhost:3001");
    expect(loopback.note).toContain("HOST=127.0.0.1 answers this machine only");
  });

  it("is PUBLIC_URL when set, and QRCODE_URL (spec 000 §3 qrcodeUrl) for the QR codes when that is set", () => {
    const publicOnly = linkOrigin(loadConfig({ PUBLIC_URL: "https://order.example.com/" }), LAPTOP);
    expect([publicOnly.url, publicOnly.server]).toEqual([
      "https://order.example.com",
      "https://order.example.com",
    ]);
    const qr = linkOrigin(
      loadConfig({ PUBLIC_URL: "https://order.example.com", QRCODE_URL: "https://qr.example.com" }),
      LAPTOP,
    );
    expect([qr.url, qr.server]).toEqual(["https://qr.example.com", "https://order.example.com"]);
  });
});

describe("log lines", () => {
  it("are readable by default and JSON in production or when asked", () => {
    expect(logFormat(loadConfig({}))).toBe("pretty");
    expect(logFormat(loadConfig({ NODE_ENV: "production" }))).toBe("json");
    expect(logFormat(loadConfig({ LOG_FORMAT: "json" }))).toBe("json");
    expect(logFormat(loadConfig({ NODE_ENV: "production", LOG_FORMAT: "pretty" }))).toBe("pretty");
  });

  it("turns pino's JSON into one readable line, an error's stack after it", () => {
    const time = new Date(2026, 0, 2, 12, 3, 4).getTime();
    const line = (entry: object) =>
      readableLine(JSON.stringify({ level: 30, time, pid: 1, hostname: "h", ...entry }));
    expect(
      line({
        reqId: "req-1",
        msg: "request",
        method: "GET",
        url: "/cloud/api/x?a=1",
        statusCode: 200,
        ms: 3,
      }),
    ).toBe("12:03:04 GET /cloud/api/x?a=1 200 3ms\n");
    expect(line({ level: 40, msg: "verification code", phone: "13900001234", code: "123456" })).toBe(
      "12:03:04 warn  verification code phone=13900001234 code=123456\n",
    );
    expect(
      line({ level: 50, msg: "unhandled error", err: { message: "boom", stack: "Error: boom\n    at x" } }),
    ).toBe("12:03:04 error unhandled error\nError: boom\n    at x\n");
    expect(readableLine("not json")).toBe("not json\n");
  });

  it("logs each request once, as one line", async () => {
    const written: string[] = [];
    const server = Fastify({
      logger: loggerOptions(loadConfig({}), { write: (text: string) => written.push(text) }),
      logController: new OneLinePerRequest(),
    });
    server.get("/hello", async () => "hi");
    await server.inject({ method: "GET", url: "/hello?x=1" });
    await server.inject({ method: "GET", url: "/missing" });
    await server.close();
    expect(written.map((l) => l.replace(/^\d\d:\d\d:\d\d /, "").replace(/\d+ms\n$/, "Nms"))).toEqual([
      "GET /hello?x=1 200 Nms",
      "GET /missing 404 Nms",
    ]);
  });
});

describe("the page's environment config", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite", {
      env: {
        WEB_DIST: fakeWebDist(),
        PUBLIC_URL: "https://order.example.com",
        SOCKET_URL: "wss://socket.example.com",
        QRCODE_URL: "https://qr.example.com",
        PAY_URL: "https://pay.example.com/gateway",
        EVALUATE_URL: "https://review.example.com/sdk.js",
      },
    });
  });
  afterAll(() => app.close());

  it("carries the configured URLs (hostUrl defaults to PUBLIC_URL)", async () => {
    const table = await demoTable(app);
    const url = `/?hotelid=${table.restaurantId}&tn=${table.tableId}&sid=${table.sid}`;
    const { config } = pageDataOf((await app.server.inject({ method: "GET", url })).body);
    expect(config).toMatchObject({
      socketUrl: "wss://socket.example.com",
      payUrl: "https://pay.example.com/gateway",
      hostUrl: "https://order.example.com",
      qrcodeUrl: "https://qr.example.com",
      evaluateUrl: "https://review.example.com/sdk.js",
    });
  });
});
