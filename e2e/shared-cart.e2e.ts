import type { Dish } from "@tablemate/core";
import pg from "pg";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../apps/server/test/support/databases.js";
import { COPY, DISH_COPY, SHARED_CART_COPY } from "../apps/web/src/copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { MUST_ORDER_FOR_ONE, scanTable } from "./support/diner-count.js";
import { addControl, barTotal, cartBar, fetchFoods, menuCard, plus, tap } from "./support/dishes.js";
import { freePort, type RunningServer, startServer } from "./support/server.js";

const SECRET = "e2e-shared-cart-secret-0123456789abcdef";

/** How many of a dish the server's carts hold, straight from the database. */
async function heldInDatabase(url: string, foodId: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string | null }>(
      "select sum(count) as n from cart_lines where food_id = $1",
      [foodId],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

describe("two tablemates share one cart, live, and nothing is lost", () => {
  let database: TestDatabase;
  let server: RunningServer;
  let browser: Browser;
  let env: Record<string, string>;
  let base: string;
  let link: string;
  let foods: Dish[];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = { DATABASE_URL: database.url ?? "", SECRET, PORT: String(port), PUBLIC_URL: base };
    [server, browser] = await Promise.all([startServer(env), launchChromium()]);
    link = server.links[0] ?? "";
    foods = await fetchFoods(base, new URL(link).searchParams.get("hotelid") ?? "");
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  async function diner(): Promise<Page> {
    const page = await (await phoneContext(browser)).newPage();
    await scanTable(page, link);
    return page;
  }

  const plainDish = () => {
    const dish = foods.find(
      (d) =>
        d.foodproperty === 0 &&
        d.estimate === -1 &&
        !d.minCount &&
        d.availableStatus === 1 &&
        !d.Weigh &&
        d.norms.length === 0 &&
        d.methodCategories.length === 0 &&
        d.additionCategories.length === 0,
    );
    if (!dish) throw new Error("no plain dish");
    return dish;
  };

  async function addOne(page: Page, dish: Dish) {
    const card = await menuCard(page, dish.type, dish.name);
    await tap(plus(addControl(card)));
  }

  const bubble = (page: Page) => cartBar(page).locator(".adm-badge").textContent();
  /** the units the cart bar counts (no badge: none) */
  const units = async (page: Page) => {
    const badge = cartBar(page).locator(".adm-badge");
    return (await badge.count()) > 0 ? Number(await badge.textContent()) : 0;
  };

  it("shows A's addition to B, and B clearing the cart alerts A", async () => {
    const [a, b] = await Promise.all([diner(), diner()]);
    // the table's first diner count (one, at its step) brought the must-order dishes to both
    await expect.poll(() => units(b)).toBe(MUST_ORDER_FOR_ONE.units);
    const dish = plainDish();
    await addOne(a, dish);
    // measured from A's tap landing to B's cart bar showing it
    const started = Date.now();
    await expect
      .poll(() => bubble(b), { timeout: 5000, interval: 5 })
      .toBe(String(MUST_ORDER_FOR_ONE.units + 1));
    const delay = Date.now() - started;
    process.stdout.write(`tablemate saw the addition after ${delay} ms\n`);
    expect(delay).toBeLessThan(2000);
    expect(await b.getByTestId("tablemate-notice").textContent()).toContain(dish.name);
    expect(await barTotal(b)).toBe(await barTotal(a));

    await cartBar(b).getByRole("button", { name: DISH_COPY.cart }).click();
    await b.getByRole("button", { name: DISH_COPY.clearCart }).click();
    await b.getByRole("button", { name: DISH_COPY.confirm }).click();
    await a.getByText(SHARED_CART_COPY.companionCleared).waitFor();
    expect(await b.getByText(SHARED_CART_COPY.companionCleared).count()).toBe(0);
    await Promise.all([a.context().close(), b.context().close()]);
  });

  it("brings both carts back whole after the server restarts, and merges what was added while it was down", async () => {
    const [a, b] = await Promise.all([diner(), diner()]);
    // whatever the table's cart holds already (the must-order dishes, unless a tablemate cleared them)
    const held = await units(b);
    const dish = plainDish();
    await addOne(a, dish);
    await expect.poll(() => units(b), { timeout: 5000 }).toBe(held + 1);

    await server.stop();
    // past 5 retries the page works on alone: the cart stays, and what is added now is kept
    await a.getByText(SHARED_CART_COPY.localMode).waitFor({ timeout: 30_000 });
    await addOne(a, dish);
    expect(await units(a)).toBe(held + 2);

    server = await startServer(env);
    await expect.poll(() => units(b), { timeout: 30_000, interval: 200 }).toBe(held + 2);
    expect(await units(a)).toBe(held + 2);
    await b.reload();
    await b.getByTestId("table-name").waitFor();
    await expect.poll(() => units(b), { timeout: 10_000 }).toBe(held + 2);
    await Promise.all([a.context().close(), b.context().close()]);
    expect(await heldInDatabase(database.url ?? "", dish.id)).toBe(2);
  });

  it("shows B the diner count A picks in the top bar", async () => {
    const [a, b] = await Promise.all([diner(), diner()]);
    await a.getByTestId("diner-count").click();
    await a.getByRole("option", { name: SHARED_CART_COPY.people(5), exact: true }).click();
    await expect.poll(() => a.getByTestId("diner-count").textContent()).toBe(COPY.dinerCount(5));
    await expect
      .poll(() => b.getByTestId("diner-count").textContent(), { timeout: 5000 })
      .toBe(COPY.dinerCount(5));
    await Promise.all([a.context().close(), b.context().close()]);
  });
});
