import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import { API, type Dish, detailId, type UserInfo } from "@tablemate/core";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { tables } from "../src/db/schema.js";
import { asVisitor, demoTable, form, json, startTestApp, type TestApp } from "./support/harness.js";
import { PLAIN, plainDish } from "./support/ordering.js";
import { fakeWebDist, pageDataOf } from "./support/web-dist.js";

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

/**
 * A full dining room behind one restaurant Wi-Fi address, with the limits as shipped: every phone's
 * first load (the calls the rate limiter counts, as the app makes them) and then its cart operations.
 */
describe("rate limits as shipped, a dining room behind one address", () => {
  const ADDRESS = "10.88.0.1";
  const DINERS = 50;
  const OPS_EACH = 20;
  const defaults = loadConfig({});
  let app: TestApp;
  let restaurantId: number;
  let tableIds: number[];

  beforeAll(async () => {
    app = await startTestApp("pglite", { env: { WEB_DIST: fakeWebDist(), ROUTER_PREFIX: "" } });
    const dine = await demoTable(app, (r) => r.linkMode === "dine" && !r.fastHotel);
    restaurantId = dine.restaurantId;
    tableIds = (await app.db.select().from(tables))
      .filter((t) => t.restaurantId === restaurantId)
      .map((t) => t.id);
  });
  afterAll(() => app.close());

  /** One phone: its cookies from the page, then the token getUserInfo answers; every call from ADDRESS. */
  class Phone {
    readonly statuses: number[] = [];
    cookies: Record<string, string> = {};
    token = "";
    guid = "";
    cart = { value: 0, sign: "" };

    async call(options: InjectOptions): Promise<LightMyRequestResponse> {
      const headers = { ...(options.headers ?? {}), ...(this.token ? { token: this.token } : {}) };
      const response = await app.server.inject({
        ...options,
        headers,
        cookies: this.cookies,
        remoteAddress: ADDRESS,
      });
      this.statuses.push(response.statusCode);
      return response;
    }

    /** What the app does on opening a table link when the page carries the menu (e2e/first-load.e2e.ts). */
    async firstLoad(tableId: number): Promise<Dish> {
      const sid = app.signer.tableToken(restaurantId, tableId);
      const page = await this.call({
        method: "GET",
        url: `/?hotelid=${restaurantId}&tn=${tableId}&sid=${sid}`,
      });
      this.cookies = Object.fromEntries(page.cookies.map((cookie) => [cookie.name, cookie.value]));
      const menu = pageDataOf(page.body).menu;
      const user = await this.call({
        method: "GET",
        url: `${API.userInfo}?rid=${restaurantId}&guid=${this.cookies.guid}`,
      });
      const info = json(user).message as UserInfo;
      this.guid = info.guid;
      this.token = info.token ?? "";
      const joinQuery = { accessType: "realTable", guid: this.guid, restaurantId, tableId, sid };
      const [, id] = await Promise.all([
        this.call({ method: "POST", url: `${API.tableJoin}?rid=${restaurantId}`, ...form(joinQuery) }),
        this.call({
          method: "GET",
          url: `${API.cartId}?rid=${restaurantId}&tableId=${tableId}&guid=${this.guid}&sid=${sid}`,
        }),
      ]);
      this.cart = json(id).data as { value: number; sign: string };
      await this.call({
        method: "POST",
        url: API.cartJoin,
        ...form({
          restaurantId,
          cookieGuid: this.guid,
          tableId,
          cartId: this.cart.value,
          cartIdSign: this.cart.sign,
          fastFood: false,
        }),
      });
      // injectWS's request has no socket of its own: this one only gives request.ip its address
      const socket = await app.server.injectWS(
        `${API.socket}?rid=${restaurantId}&tableId=${tableId}&sid=${sid}&guid=${this.guid}`,
        { headers: { token: this.token }, socket: { remoteAddress: ADDRESS } as Socket },
      );
      socket.terminate();
      return plainDish(menu?.foods ?? []);
    }

    operate(op: object): Promise<LightMyRequestResponse> {
      return this.call({
        method: "POST",
        url: API.cartOps,
        ...form({
          rid: restaurantId,
          cartId: this.cart.value,
          cartIdSign: this.cart.sign,
          guid: this.guid,
          opId: randomUUID(),
          op: JSON.stringify(op),
        }),
      });
    }
  }

  it("serves 50 diners' first loads and 20 cart operations each; one flooder alone is refused", async () => {
    const phones = Array.from({ length: DINERS }, () => new Phone());
    const verdicts: boolean[] = [];
    await Promise.all(
      phones.map(async (phone, i) => {
        const { id } = await phone.firstLoad(tableIds[i % tableIds.length] ?? 0);
        for (let n = 0; n < OPS_EACH; n++) {
          const op =
            n % 2 === 0
              ? { kind: "add", foodId: id, choice: PLAIN }
              : { kind: "minus", detailId: detailId(id, PLAIN) };
          const answer = json(await phone.operate(op)).data as { verdict: { ok: boolean } } | null;
          verdicts.push(answer?.verdict.ok ?? false);
        }
      }),
    );
    const statuses = phones.flatMap((phone) => phone.statuses);
    // page, getUserInfo, table join, cart id, cart join, the operations (injectWS rejects unless the socket opens)
    expect(statuses).toHaveLength(DINERS * (5 + OPS_EACH));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(verdicts.filter((ok) => !ok)).toHaveLength(0);

    const [flooder, tablemate] = phones;
    if (!flooder || !tablemate) throw new Error("no diners");
    const flood: number[] = [];
    for (let i = 0; i <= defaults.RATE_LIMIT_PER_MINUTE; i++) {
      flood.push((await flooder.call({ method: "GET", url: `${API.memos}?rid=${restaurantId}` })).statusCode);
    }
    // its first load counted against it: getUserInfo, table join, cart id, cart join, socket, operations
    // (the page came before it had a credential, so it counted against the address)
    const used = 5 + OPS_EACH;
    expect(flood.indexOf(429)).toBe(defaults.RATE_LIMIT_PER_MINUTE - used);
    const refused = await flooder.call({ method: "GET", url: `${API.memos}?rid=${restaurantId}` });
    expect(refused.json()).toMatchObject({ code: 8001, success: false });
    expect(
      (await tablemate.call({ method: "GET", url: `${API.memos}?rid=${restaurantId}` })).statusCode,
    ).toBe(200);
  });
});
