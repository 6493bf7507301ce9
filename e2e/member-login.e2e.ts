import { memberCardsSchema, memberPaths } from "@tablemate/core";
import { type APIRequestContext, type Browser, request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, phoneContext } from "./support/browser.js";
import { memberLogin } from "./support/member.js";
import { type RunningServer, startServer } from "./support/server.js";

/**
 * The member login helper other end-to-end tests use (support/member.ts), on the real server: a code
 * asked, read from the server's log, typed into cards/login; from a request context and from a phone's
 * page (its own visitor), in both member families.
 */
describe("logging a member in through the real routes", () => {
  let server: RunningServer;
  let browser: Browser;
  let api: APIRequestContext;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    api = await request.newContext();
  });
  afterAll(async () => {
    await api?.dispose();
    await browser?.close();
    await server?.stop();
  });

  const ridOf = (restaurant: string) => {
    const link = server.tables.find((t) => t.restaurant === restaurant);
    if (!link) throw new Error(`no link for ${restaurant}`);
    return Number(new URL(link.url).searchParams.get("hotelid"));
  };

  it("logs a new phone in from a request context and opens its card (new family)", async () => {
    const rid = ridOf("江南食府");
    const member = await memberLogin(server, api, { rid, phone: "13911110001", openCard: true });
    expect([member.family, member.phone, member.cards.length]).toEqual(["new", "13911110001", 1]);
    const cards = await api.get(`${server.url}${memberPaths("new").cards}?rid=${rid}`, {
      headers: member.headers,
    });
    expect(memberCardsSchema.parse((await cards.json()).data)).toEqual(member.cards);
  });

  it("logs in from a phone's page as that page's own visitor (old family), a prefixed phone as its 11 digits", async () => {
    const rid = ridOf("川味小馆");
    const context = await phoneContext(browser);
    try {
      const page = await context.newPage();
      const first = await memberLogin(server, page, { rid, phone: "8613911110002" });
      expect([first.family, first.phone, first.cards]).toEqual(["old", "13911110002", []]);
      const guid = (await context.cookies()).find((c) => c.name === "guid")?.value;
      expect(guid).toMatch(/^[0-9a-f-]{36}$/);
      const phone = await page.request.get(`${server.url}${memberPaths("old").membersPhone}?rid=${rid}`, {
        headers: first.headers,
      });
      expect((await phone.json()).data).toEqual({ memberId: first.memberId, phone: "13911110002" });
    } finally {
      await context.close();
    }
  });
});
