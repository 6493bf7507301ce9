import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactUrl } from "../src/logging.js";
import { originMatches, sameOriginAllowed } from "../src/security/same-origin.js";

const hostname = fc.oneof(fc.domain(), fc.ipV4(), fc.constantFrom("localhost", "192.168.1.20"));
const port = fc.integer({ min: 1, max: 65535 });
const hostOf = (name: string, p: number) => `${name}:${p}`;

describe("same-origin rule (security/same-origin.ts)", () => {
  it("lets a page of the request's own host change things: the LAN address, a proxy's name, default ports", () => {
    const post = (host: string, origin?: string, secFetchSite?: string) =>
      sameOriginAllowed({ method: "POST", host, origin, secFetchSite });
    expect(post("192.168.1.20:3000", "http://192.168.1.20:3000")).toBe(true);
    expect(post("order.example.com", "https://order.example.com")).toBe(true);
    expect(post("order.example.com:443", "https://order.example.com")).toBe(true);
    expect(post("Order.Example.com", "https://order.example.com")).toBe(true);
    expect(post("192.168.1.20:3000", "http://192.168.1.20:3000", "same-origin")).toBe(true);
    // another port of the same host is another origin (same site: its cookies go along)
    expect(post("192.168.1.20:3000", "http://192.168.1.20:4444")).toBe(false);
    expect(post("192.168.1.20:3000", "http://192.168.1.20:3000", "same-site")).toBe(false);
    expect(post("192.168.1.20:3000", undefined, "cross-site")).toBe(false);
    expect(post("192.168.1.20:3000", "null")).toBe(false);
    expect(post("192.168.1.20:3000", "http://192.168.1.20:3000/path")).toBe(false);
    expect(post("192.168.1.20:3000", "file://192.168.1.20:3000")).toBe(false);
    // no browser's request (a gateway's callback, an API key's script): authorised by other means
    expect(post("192.168.1.20:3000")).toBe(true);
    // the product's configured origins, whatever the fetch site
    const trusted = ["https://order.example.com"];
    expect(
      sameOriginAllowed(
        {
          method: "POST",
          host: "10.0.0.5:3000",
          origin: "https://order.example.com",
          secFetchSite: "cross-site",
        },
        trusted,
      ),
    ).toBe(true);
  });

  it("guards socket handshakes (GET with Upgrade), not other reads", () => {
    const get = { method: "GET", host: "127.0.0.1:3000", origin: "http://127.0.0.1:4444" };
    expect(sameOriginAllowed(get)).toBe(true);
    expect(sameOriginAllowed({ ...get, upgrade: true })).toBe(false);
    expect(sameOriginAllowed({ ...get, upgrade: true, origin: "http://127.0.0.1:3000" })).toBe(true);
  });

  it("property: an Origin passes exactly when it names the request's own host and port", () => {
    fc.assert(
      fc.property(
        hostname,
        port,
        hostname,
        port,
        fc.constantFrom("http", "https"),
        (h1, p1, h2, p2, scheme) => {
          const origin = new URL(`${scheme}://${hostOf(h2, p2)}`).origin;
          const same = new URL(`${scheme}://${hostOf(h1, p1)}`).host === new URL(origin).host;
          expect(originMatches(origin, hostOf(h1, p1))).toBe(same);
          for (const method of ["POST", "PUT", "PATCH", "DELETE"])
            expect(sameOriginAllowed({ method, host: hostOf(h1, p1), origin })).toBe(same);
          // a browser's own word overrides: only same-origin (or none) passes
          for (const site of ["same-site", "cross-site"])
            expect(
              sameOriginAllowed({ method: "POST", host: hostOf(h1, p1), origin, secFetchSite: site }),
            ).toBe(false);
        },
      ),
    );
  });
});

describe("the request log's URL (logging.ts redactUrl)", () => {
  it("keeps no credential a URL carries, and the rest as it came", () => {
    expect(redactUrl("/cloud/api/v2/users/token-refresh?token=mt_abc&rid=7")).toBe(
      "/cloud/api/v2/users/token-refresh?token=[redacted]&rid=7",
    );
    expect(redactUrl("/x?member-token=a&paySign=b&SECRET=c&password=d&pin=1234&api_key=k&q=ok")).toBe(
      "/x?member-token=[redacted]&paySign=[redacted]&SECRET=[redacted]&password=[redacted]&pin=[redacted]&api_key=[redacted]&q=ok",
    );
    expect(redactUrl("/x?%74oken=abc")).toBe("/x?%74oken=[redacted]");
    expect(redactUrl("/cloud/api/v1/menu?rid=7&sid=abc")).toBe("/cloud/api/v1/menu?rid=7&sid=abc");
    expect(redactUrl("/healthz")).toBe("/healthz");
  });

  it("property: no value of a token parameter survives, every other pair does", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom("token", "rid", "q", "memberToken", "page"),
            fc.stringMatching(/^[0-9a-f]{1,12}$/),
          ),
          {
            maxLength: 6,
          },
        ),
        (pairs) => {
          const url = `/p?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`;
          const kept = redactUrl(url).slice(3).split("&");
          pairs.forEach(([key, value], i) => {
            expect(kept[i]).toBe(/token/i.test(key) ? `${key}=[redacted]` : `${key}=${value}`);
          });
        },
      ),
    );
  });
});
