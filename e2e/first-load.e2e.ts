import { API } from "@tablemate/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPY } from "../apps/web/src/copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { scanTable } from "./support/diner-count.js";
import { type RunningServer, startServer } from "./support/server.js";

/** What the server's rate limiter leaves out (apps/server/src/http/rate-limits.ts): files, not actions. */
const UNCOUNTED = ["/assets/", "/images/", "/healthz"];

/** Every request of the page to the server that the rate limiter counts, the socket included. */
function countedRequests(page: Page, server: RunningServer): string[] {
  const counted: string[] = [];
  const record = (url: string) => {
    const { origin, pathname } = new URL(url);
    const own = origin === server.url || origin === server.url.replace(/^http/, "ws");
    if (own && !UNCOUNTED.some((prefix) => pathname.startsWith(prefix))) counted.push(pathname);
  };
  page.on("request", (request) => record(request.url()));
  page.on("websocket", (socket) => record(socket.url()));
  return counted;
}

/** Resolves once `counted` has not grown for `quietMs`: the first load has made all its calls. */
async function settled(page: Page, counted: readonly string[], quietMs: number): Promise<void> {
  let seen = -1;
  while (seen !== counted.length) {
    seen = counted.length;
    await page.waitForTimeout(quietMs);
  }
}

describe("the menu's first load on a restaurant's Wi-Fi", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("makes at most 7 counted requests: the page, user, table, cart id, cart join, socket and one more", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const counted = countedRequests(page, server);
    // 川味小馆's table asks the diner count first: the step's start is the menu's, nothing is asked twice
    await scanTable(page, server.links[0] ?? "");
    await expect.poll(() => page.getByTestId("table-name").textContent()).not.toBe("");
    await page.getByText(COPY.loading).waitFor({ state: "detached" });
    expect(await page.getByTestId("dish-card").count()).toBeGreaterThanOrEqual(3);
    // the socket opens at the end of startup; the entry's calls (if any) follow it
    await expect.poll(() => counted.includes(API.socket)).toBe(true);
    await settled(page, counted, 1500);
    console.info(`first load: ${counted.length} counted requests: ${counted.join(" ")}`);
    expect(counted.length).toBeLessThanOrEqual(7);
    expect(counted).toEqual(
      expect.arrayContaining(["/", API.userInfo, API.tableJoin, API.cartId, API.cartJoin, API.socket]),
    );
    await context.close();
  });
});
