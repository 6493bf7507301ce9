import { type Dish, TIMING } from "@tablemate/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISH_COPY } from "../apps/web/src/copy.js";
import { launchChromium, phoneContext } from "./support/browser.js";
import { MUST_ORDER_FOR_ONE, scanTable } from "./support/diner-count.js";
import {
  addControl,
  barTotal,
  cachedLines,
  cartBar,
  coreTotal,
  fetchFoods,
  menuCard,
  minus,
  plus,
  tap,
  typeOnKeypad,
} from "./support/dishes.js";
import { type RunningServer, startServer } from "./support/server.js";

/**
 * One diner at the first table of 川味小馆 (one diner at its diner-count step, so the cart starts with the
 * must-order dishes) fills the cart through every kind of add: a plain dish, the
 * add-ons, property/spec and detail modals, a combo's page, the keypad and a weighed dish; the bar's
 * total is core's price of what the cart holds after every step.
 */
describe("adding dishes at a phone viewport", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let foods: Dish[];
  const errors: string[] = [];

  const stepperCount = async (name: string, category: string) =>
    addControl(await menuCard(page, category, name))
      .getByTestId("stepper-count")
      .textContent();
  /** the bar's total: `yuan` for the dishes added here, over the must-order dishes the diner count brought */
  const expectCoreTotal = async (yuan: number) => {
    await expect.poll(() => barTotal(page)).toBe(`¥${yuan + MUST_ORDER_FOR_ONE.total}`);
    expect(await barTotal(page)).toBe(await coreTotal(page, foods));
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
    const first = server.tables[0];
    expect(first?.restaurant).toBe("川味小馆");
    foods = await fetchFoods(server.url, new URL(first?.url ?? "").searchParams.get("hotelid") ?? "");
    context = await phoneContext(browser);
    page = await context.newPage();
    page.on("pageerror", (error) => errors.push(String(error)));
    await scanTable(page, first?.url ?? "");
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("adds a plain dish with +, and the bar shows its count and price", async () => {
    // the diner count (one diner, at the table's step) brought the must-order dishes
    await expectCoreTotal(0);
    expect(await cachedLines(page)).toHaveLength(MUST_ORDER_FOR_ONE.lines);
    const card = await menuCard(page, "凉菜", "拍黄瓜");
    await tap(plus(addControl(card)));
    await expect.poll(() => stepperCount("拍黄瓜", "凉菜")).toBe("1");
    await expectCoreTotal(12);
    expect(await cartBar(page).locator(".adm-badge").textContent()).toBe(
      String(1 + MUST_ORDER_FOR_ONE.units),
    );
    expect(await cartBar(page).getByRole("button", { name: DISH_COPY.toOrder }).isDisabled()).toBe(false);
  });

  it("chooses add-ons in the add-ons modal", async () => {
    const card = await menuCard(page, "主食", "扬州炒饭");
    await tap(plus(addControl(card)));
    const sheet = page.getByTestId("dish-sheet");
    expect(await sheet.getAttribute("data-kind")).toBe("additions");
    await plus(sheet.getByTestId("addition-row").filter({ hasText: "加蛋" })).click();
    await plus(sheet.getByTestId("addition-row").filter({ hasText: "加午餐肉" })).click();
    expect(await sheet.getByTestId("line-price").textContent()).toBe("¥30");
    await sheet.getByRole("button", { name: DISH_COPY.addToCart }).click();
    await sheet.waitFor({ state: "detached" });
    await expectCoreTotal(42);
  });

  it("chooses a norm, methods with markups and an add-on in the property/spec modal", async () => {
    const card = await menuCard(page, "饮品", "珍珠奶茶");
    await tap(plus(addControl(card)));
    const sheet = page.getByTestId("dish-sheet");
    expect(await sheet.getAttribute("data-kind")).toBe("spec");
    // the default norm and the default methods are chosen already
    expect(await sheet.getByRole("button", { pressed: true }).allTextContents()).toEqual([
      "中杯",
      "正常糖",
      "正常冰",
    ]);
    expect(await sheet.getByTestId("line-price").textContent()).toBe("¥15");
    await sheet.getByRole("button", { name: "大杯", exact: true }).click();
    await sheet.getByRole("button", { name: "热饮 +¥2", exact: true }).click();
    await plus(sheet.getByTestId("addition-row").filter({ hasText: "加珍珠" })).click();
    expect(await sheet.getByTestId("line-price").textContent()).toBe("¥22");
    await sheet.getByRole("button", { name: DISH_COPY.addToCart }).click();
    await sheet.waitFor({ state: "detached" });
    await expectCoreTotal(64);
  });

  it("opens a dish's detail on a card tap and adds from there", async () => {
    const card = await menuCard(page, "招牌菜", "东坡肉");
    // card taps let one through per 505 ms (spec 000 §5): the category tap just before counts
    await page.waitForTimeout(TIMING.tapThrottleMs);
    await card.locator(".dish-card__name").click();
    const detail = page.getByTestId("dish-detail");
    await detail.waitFor();
    expect(await detail.getByRole("heading", { level: 2 }).textContent()).toBe("东坡肉");
    const image = detail.getByRole("img");
    expect(await image.getAttribute("src")).toMatch(/@345w_195h_1e_1c$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await tap(plus(detail));
    expect(await detail.getByTestId("stepper-count").textContent()).toBe("1");
    await page.getByRole("button", { name: DISH_COPY.close }).first().click();
    await detail.waitFor({ state: "detached" });
    await expectCoreTotal(122);
  });

  it("picks within a combo's groups on /foodCombo and comes back with its bubble", async () => {
    const card = await menuCard(page, "套餐", "自选单人套餐");
    await addControl(card).getByRole("button", { name: DISH_COPY.choose }).click();
    await page.waitForURL(/\/foodCombo\?.*foodId=\d+/);
    expect(new URL(page.url()).searchParams.get("sid")).toBeTruthy();
    const add = page.getByRole("button", { name: DISH_COPY.addToCart });
    expect(await add.isDisabled()).toBe(true);
    const group = (name: string) => page.locator(`[data-testid=combo-group][data-group="${name}"]`);
    await group("主菜").getByRole("button", { name: "回锅肉 +¥3" }).click();
    await group("主食").getByRole("button", { name: "扬州炒饭 +¥6" }).click();
    expect(await add.isDisabled()).toBe(true);
    await group("饮品").getByRole("button", { name: "手打柠檬茶 +¥2" }).click();
    expect(await page.getByTestId("line-price").textContent()).toBe("¥50");
    await add.click();
    await page.waitForURL(/\/main\?/);
    const bubble = addControl(await menuCard(page, "套餐", "自选单人套餐")).locator(".adm-badge");
    await expect.poll(() => bubble.textContent()).toBe("1");
    await expectCoreTotal(172);
    const combo = (await cachedLines(page)).find((line) => line.parts.length > 0);
    expect(combo?.parts).toHaveLength(3);
  });

  it("opens the keypad at 4 or more and takes the typed count", async () => {
    const card = await menuCard(page, "凉菜", "拍黄瓜");
    for (const expected of ["2", "3", "4"]) {
      await tap(plus(addControl(card)));
      await expect.poll(() => stepperCount("拍黄瓜", "凉菜")).toBe(expected);
    }
    await tap(plus(addControl(card)));
    await typeOnKeypad(page, "6");
    await expect.poll(() => stepperCount("拍黄瓜", "凉菜")).toBe("6");
    await expectCoreTotal(232);
    await tap(minus(addControl(card)));
    await typeOnKeypad(page, "2");
    await expect.poll(() => stepperCount("拍黄瓜", "凉菜")).toBe("2");
    await expectCoreTotal(184);
  });

  it("adds a weighed dish by a decimal weight", async () => {
    const card = await menuCard(page, "称重海鲜", "野生大黄鱼");
    await tap(plus(addControl(card)));
    const sheet = page.getByTestId("quantity-sheet");
    await sheet.waitFor();
    await typeOnKeypad(page, "1.5");
    await expect.poll(() => stepperCount("野生大黄鱼", "称重海鲜")).toBe("1.5两");
    // 48 × 1.5
    await expectCoreTotal(256);
  });

  it("lists the lines and clears the cart after confirming", async () => {
    await cartBar(page).getByRole("button", { name: DISH_COPY.cart }).click();
    const list = page.getByTestId("cart-lines");
    await list.waitFor();
    expect(await list.getByTestId("cart-line").count()).toBe(6 + MUST_ORDER_FOR_ONE.lines);
    expect(await list.getByTestId("cart-line-choice").allTextContents()).toContain(
      "大杯、正常糖、热饮、加珍珠",
    );
    await page.getByRole("button", { name: DISH_COPY.clearCart }).click();
    await page.getByRole("dialog").getByRole("button", { name: DISH_COPY.confirm }).click();
    await cartBar(page).getByText(DISH_COPY.notChosen).waitFor();
    expect(await barTotal(page)).toBeNull();
    expect(await cachedLines(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
