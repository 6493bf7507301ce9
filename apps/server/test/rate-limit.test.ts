import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asVisitor, startTestApp, type TestApp } from "./support/harness.js";

describe("rate limit", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite", {
      env: { RATE_LIMIT_PER_MINUTE: "3", RATE_LIMIT_PER_ADDRESS_PER_MINUTE: "8" },
    });
  });
  afterAll(() => app.close());

  const call = (url: string, guid?: string) =>
    app.server.inject({
      method: "GET",
      url,
      headers: guid ? asVisitor(guid) : {},
      remoteAddress: "10.1.2.3",
    });
  const menu = (guid?: string) => call("/cloud/api/v1/restaurant-memos?rid=1", guid);

  it("gives each visitor their own allowance: one flooding gets 8001, a tablemate behind the same address does not", async () => {
    const flood: number[] = [];
    for (let i = 0; i < 4; i++) flood.push((await menu("flooder-0000-0001")).statusCode);
    expect(flood).toEqual([200, 200, 200, 429]);
    const refused = await menu("flooder-0000-0001");
    expect(refused.json()).toMatchObject({ code: 8001, success: false });
    expect((await menu("tablemate-0000-0002")).statusCode).toBe(200);
  });

  it("counts neither the app's assets nor dish images, and caps the address as a whole", async () => {
    for (let i = 0; i < 5; i++) expect((await call("/assets/none.js")).statusCode).not.toBe(429);
    // 6 counted so far from this address (5 + 1 above); two more fit under the ceiling of 8
    expect((await menu("third-0000-0003")).statusCode).toBe(200);
    expect((await menu("fourth-0000-0004")).statusCode).toBe(200);
    const capped = await menu("fifth-0000-0005");
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ code: 8001, success: false });
  });
});
