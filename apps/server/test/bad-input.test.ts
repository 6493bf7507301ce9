import { API, ERRORS, type ErrorKey } from "@tablemate/core";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "./support/databases.js";
import { startTestApp, type TestApp } from "./support/harness.js";

/** The answer is the table's entry as the product's envelope, never Fastify's own error object. */
function expectRefusal(response: LightMyRequestResponse, key: ErrorKey): void {
  const { status, code, message } = ERRORS[key];
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ code, success: false, data: null, message });
}

describe.each(BACKENDS)("the framework's refusals answer the envelope on %s", (backend) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(backend);
  });
  afterAll(() => app.close());

  it("refuses a path that is not valid percent-encoding", async () => {
    expectRefusal(await app.server.inject({ method: "GET", url: "/cloud/api/v2/orders/%FF" }), "badUrl");
    expectRefusal(await app.server.inject({ method: "GET", url: `${API.cartInfo}/%E0%A4%A` }), "badUrl");
  });

  it("refuses a body over 256 KB, as JSON or as a form", async () => {
    const big = "a".repeat(300 * 1024);
    expectRefusal(
      await app.server.inject({ method: "POST", url: API.cartOps, payload: { rid: 1, op: big } }),
      "bodyTooLarge",
    );
    expectRefusal(
      await app.server.inject({
        method: "POST",
        url: API.orderSubmit,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `data=${big}`,
      }),
      "bodyTooLarge",
    );
  });

  it("refuses JSON that does not parse, and an empty JSON body", async () => {
    const post = (payload: string) =>
      app.server.inject({
        method: "POST",
        url: API.cartOps,
        headers: { "content-type": "application/json" },
        payload,
      });
    expectRefusal(await post('{"rid": 1,'), "badJson");
    expectRefusal(await post(""), "badJson");
  });

  it("refuses a body of a type it does not read", async () => {
    const xml = await app.server.inject({
      method: "POST",
      url: API.cartOps,
      headers: { "content-type": "text/xml" },
      payload: "<op kind='clear'/>",
    });
    expectRefusal(xml, "unsupportedMediaType");
  });

  it("answers an unknown API path with the envelope", async () => {
    expectRefusal(
      await app.server.inject({ method: "GET", url: "/cloud/api/v1/nothing-here" }),
      "unknownRoute",
    );
    expectRefusal(await app.server.inject({ method: "DELETE", url: API.cartOps }), "unknownRoute");
  });
});
