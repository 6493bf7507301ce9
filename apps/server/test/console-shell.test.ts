import { tmpdir } from "node:os";
import { join } from "node:path";
import { API, ERRORS } from "@tablemate/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { fakeConsoleDist, fakeWebDist } from "./support/web-dist.js";

describe("the console shell", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp("pglite", { env: { WEB_DIST: fakeWebDist(), CONSOLE_DIST: fakeConsoleDist() } });
  });
  afterAll(() => app.close());

  const get = (url: string) => app.server.inject({ method: "GET", url });

  it("answers /console and every page path under it with the console's index.html, never cached", async () => {
    for (const url of [
      "/console",
      "/console/",
      "/console/login",
      "/console/reports?from=2026-01-01",
      "/console/no/such/page",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toContain("text/html");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toContain("Tablemate 管理台");
      // the console's page, not the diner app's (which injects page data)
      expect(response.body, url).not.toContain("tablemate-page-data");
    }
  });

  it("serves hashed assets with a year's immutable cache, and a missing one as the JSON 404", async () => {
    const asset = await get("/console/assets/index-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect(asset.headers["cache-control"]).toContain("max-age=31536000");
    expect(asset.body).toContain("console");
    const missing = await get("/console/assets/index-gone.js");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toContain("application/json");
  });

  it("keeps /console/api for the API: an unknown path answers the envelope, never the page", async () => {
    for (const [method, url] of [
      ["GET", "/console/api/v1/nothing-here"],
      ["GET", "/console/api/"],
      ["POST", "/console/api/v1/nothing-here"],
      ["DELETE", "/console/api/v1/restaurants/1/nothing"],
    ] as const) {
      const response = await app.server.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers["content-type"], url).toContain("application/json");
      expect(json(response)).toMatchObject({ code: ERRORS.unknownRoute.code, success: false });
    }
    // a real staff route still answers as the API (here: no credential)
    const orders = await get(API.staffOrders(1));
    expect(orders.statusCode).toBe(401);
    expect(orders.headers["content-type"]).toContain("application/json");
  });

  it("sends /staff and /admin (and paths under them) to the console", async () => {
    for (const url of ["/staff", "/admin", "/staff/orders", "/admin/x/y"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe("/console/");
    }
  });

  it("leaves the diner app's paths to the diner app", async () => {
    const response = await get("/console-not/really");
    expect(response.body).toContain("tablemate-page-data");
  });
});

describe("the console shell without a console build", () => {
  let app: TestApp;

  beforeAll(async () => {
    const missing = join(tmpdir(), "tablemate-console-never-built");
    app = await startTestApp("pglite", { env: { WEB_DIST: fakeWebDist(), CONSOLE_DIST: missing } });
  });
  afterAll(() => app.close());

  it("answers the console's pages with a clear 503, and its API as before", async () => {
    const page = await app.server.inject({ method: "GET", url: "/console/login" });
    expect(page.statusCode).toBe(503);
    expect(page.headers["content-type"]).toContain("text/plain");
    expect(page.body).toContain("npm run build");
    const api = await app.server.inject({ method: "GET", url: "/console/api/v1/nope" });
    expect(api.statusCode).toBe(404);
    expect(json(api).success).toBe(false);
  });
});
