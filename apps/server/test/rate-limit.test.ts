import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/harness.js";

describe("rate limit", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite", { env: { RATE_LIMIT_PER_MINUTE: "3" } });
  });
  afterAll(() => app.close());

  it("answers code 8001 past the limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await app.server.inject({ method: "GET", url: "/healthz" })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await app.server.inject({ method: "GET", url: "/healthz" });
    expect(refused.json()).toMatchObject({ code: 8001, success: false });
  });
});
