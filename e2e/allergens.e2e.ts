import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { dishAllergenVerdict } from "@tablemate/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { KITCHEN_COPY } from "../apps/console/src/copy/index.js";
import { DISH_COPY } from "../apps/web/src/copy.js";
import { ALLERGEN_COPY } from "../apps/web/src/features/allergens/allergen-copy.js";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { consoleUrl, printedConsoleCredentials, signIn, TABLET_OPTIONS } from "./support/console.js";
import { addControl, cartBar, fetchFoods, menuCard, plus, showCategory, tap } from "./support/dishes.js";
import { layoutProblems } from "./support/layout.js";
import { useStage } from "./support/stage.js";

const SHOTS = join(import.meta.dirname, "screenshots");

/**
 * Allergens from a diner to the kitchen (issue 29) at 川味小馆: a diner sets peanuts on their own phone
 * and shares it with the table; the menu marks 宫保鸡丁 and 老醋花生, and on request hides every dish she
 * cannot have without peanuts, saying how many; a tablemate adding 宫保鸡丁 is asked first, and the
 * first phone warns within a second; the order tells the kitchen, whose display and printed ticket (the
 * demo's virtual printer) carry 过敏: 花生. A phone reading Japanese names them and hides them the same.
 */
describe("allergens from a diner's phone to the kitchen", () => {
  const errors: string[] = [];
  const stage = useStage();

  /** Opens a dish's detail, then 设置我的忌口: the diner's own allergy sheet. */
  async function openSheet(page: Page, category: string, dish: string) {
    const card = await menuCard(page, category, dish);
    await card.locator(".dish-card__open").click();
    await page.getByTestId("allergy-entry").click();
    return page.getByTestId("allergy-sheet");
  }

  /** The dishes of the restaurant no choice of which avoids peanuts (core's rule), by name. */
  async function withoutChoice(rid: string) {
    const foods = await fetchFoods(stage.server.url, rid);
    return foods.filter((dish) => dishAllergenVerdict(dish, ["peanuts"]) === "conflict").map((d) => d.name);
  }

  async function addKungPao(page: Page) {
    const card = await menuCard(page, "热菜", "宫保鸡丁");
    await tap(plus(addControl(card)));
    await page.getByTestId("dish-sheet").getByRole("button", { name: DISH_COPY.addToCart }).click();
  }

  it("marks, asks, warns within a second, and reaches every ticket", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const table = stage.table("川味小馆", 2);
    const ann = await stage.diner(table, { errors });

    // Ann sets what she avoids from a dish's detail, on her phone only, and shares it with the table
    const peanuts = await menuCard(ann, "凉菜", "老醋花生");
    await peanuts.locator(".dish-card__open").click();
    await ann.getByTestId("dish-allergens").waitFor();
    expect(await ann.getByTestId("dish-allergens").textContent()).toContain("花生");
    await ann.getByTestId("allergy-entry").click();
    const sheet = ann.getByTestId("allergy-sheet");
    await sheet.getByLabel("花生").check();
    await sheet.getByLabel(ALLERGEN_COPY.share).check();
    await ann.screenshot({ path: join(SHOTS, "allergens-sheet.png") });
    await sheet.getByRole("button", { name: ALLERGEN_COPY.done }).click();
    // the table now knows (only the union), from Ann's own credential
    const tableId = new URL(table.url).searchParams.get("tn");
    const rid = new URL(table.url).searchParams.get("hotelid");
    const shared = await ann.evaluate(
      async (url) => (await (await fetch(url, { credentials: "same-origin" })).json()) as unknown,
      `/deal/api/v1/table-allergens?rid=${rid}&tableId=${tableId}`,
    );
    expect(shared).toMatchObject({ data: { avoid: ["peanuts"] } });
    await ann.getByRole("button", { name: DISH_COPY.close }).first().click();
    // gone, not sliding out, before the layout below is checked
    await ann.locator(".dish-detail").waitFor({ state: "detached" });

    // the menu marks what holds peanuts (a word and an outline, never colour alone)
    const kungPao = await menuCard(ann, "热菜", "宫保鸡丁");
    expect(await kungPao.getAttribute("data-allergens")).toContain("peanuts");
    expect(await ann.evaluate(() => document.documentElement.classList.contains("avoid-peanuts"))).toBe(true);
    const outline = await kungPao.evaluate((card) => getComputedStyle(card).outlineStyle);
    expect(outline).toBe("solid");
    const word = await kungPao
      .locator(".al-peanuts")
      .evaluate((mark) => getComputedStyle(mark, "::after").content);
    expect(word).toContain("花生");
    await ann.screenshot({ path: join(SHOTS, "allergens-menu-390.png") });
    expect(await layoutProblems(ann)).toEqual([]);

    // Ann asks the menu to hide them: every dish she cannot have without peanuts leaves the list, a
    // note says how many; the rest stays, marked
    const hidden = await withoutChoice(rid ?? "");
    expect(hidden).toEqual(expect.arrayContaining(["宫保鸡丁", "老醋花生"]));
    const hideSheet = await openSheet(ann, "热菜", "鱼香肉丝");
    await hideSheet.getByLabel(ALLERGEN_COPY.hide).check();
    await hideSheet.getByRole("button", { name: ALLERGEN_COPY.done }).click();
    await ann.getByRole("button", { name: DISH_COPY.close }).first().click();
    await ann.locator(".dish-detail").waitFor({ state: "detached" });
    const note = ann.getByTestId("hidden-note");
    expect(await note.textContent()).toContain(ALLERGEN_COPY.hiddenCount(hidden.length, "花生"));
    await showCategory(ann, "热菜");
    await ann.getByTestId("dish-card").filter({ hasText: "宫保鸡丁" }).waitFor({ state: "detached" });
    await showCategory(ann, "凉菜");
    expect(await ann.getByTestId("dish-card").filter({ hasText: "老醋花生" }).count()).toBe(0);
    const shownWithPeanuts = await ann
      .locator('[data-testid="dish-card"][data-allergens~="peanuts"]')
      .evaluateAll((cards) => cards.length);
    expect(shownWithPeanuts).toBe(0);
    expect(await ann.getByTestId("dish-card").count()).toBeGreaterThan(3);
    await ann.evaluate(() => document.querySelector('[data-testid="menu-scroller"]')?.scrollTo(0, 0));
    await ann.screenshot({ path: join(SHOTS, "allergens-hidden-390.png") });
    expect(await layoutProblems(ann)).toEqual([]);

    // Bo, at the same table, adds 宫保鸡丁: he is asked first; Ann's phone warns within a second
    const bo = await stage.diner(table, { errors });
    const heard = await bo.evaluate(
      async (url) => (await (await fetch(url, { credentials: "same-origin" })).json()) as unknown,
      `/deal/api/v1/table-allergens?rid=${rid}&tableId=${tableId}`,
    );
    expect(heard).toMatchObject({ data: { avoid: ["peanuts"] } });
    await addKungPao(bo);
    const ask = bo.getByText(ALLERGEN_COPY.tableAvoids("宫保鸡丁", "花生"));
    await ask.waitFor();
    const added = Date.now();
    await bo.getByRole("button", { name: ALLERGEN_COPY.stillAdd }).click();
    const warning = ann.getByTestId("allergy-warning");
    await warning.waitFor({ timeout: 5_000 });
    const warnedAfterMs = Date.now() - added;
    expect(await warning.textContent()).toContain("宫保鸡丁");
    expect(warnedAfterMs).toBeLessThan(2_000);
    await ann.screenshot({ path: join(SHOTS, "allergens-warning.png") });
    await ann.getByRole("button", { name: ALLERGEN_COPY.gotIt }).click();

    // Ann orders and tells the kitchen
    await cartBar(ann).locator(".cart-bar__order").click();
    await ann.getByTestId("suborder-page").waitFor();
    const tell = ann.getByTestId("tell-kitchen");
    expect(await tell.locator("input").isChecked()).toBe(true);
    expect(await tell.textContent()).toContain(ALLERGEN_COPY.tellKitchen("花生"));
    await ann.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await ann.getByTestId("order-lines").waitFor();
    const orderId = new URL(ann.url()).searchParams.get("orderId") ?? "";

    // the kitchen's display and its printed ticket carry the table's allergy
    const credentials = (await printedConsoleCredentials(stage.server)).find((c) => c.restaurantId === 1);
    if (!credentials) throw new Error("no console sign-in for 川味小馆");
    const tablet = await (await stage.browser.newContext(TABLET_OPTIONS)).newPage();
    await tablet.goto(consoleUrl(stage.server, "kitchen"));
    await signIn(tablet, credentials);
    await tablet.goto(consoleUrl(stage.server, "kitchen"));
    await tablet.getByTestId("pick-station").filter({ hasText: "热菜" }).click();
    const ticket = tablet.getByTestId("ticket").filter({ hasText: "宫保鸡丁" });
    await ticket.first().waitFor({ timeout: 15_000 });
    expect(await ticket.first().getByTestId("ticket-allergy").textContent()).toBe("过敏: 花生");
    expect(await ticket.first().getByTestId("item-allergy").first().textContent()).toBe(
      KITCHEN_COPY.contains("花生"),
    );
    await tablet.screenshot({ path: join(SHOTS, "allergens-kitchen.png") });
    await tablet.goto(consoleUrl(stage.server, "print"));
    const strip = tablet
      .getByTestId("paper-strip")
      .filter({ hasText: "宫保鸡丁" })
      .filter({ hasText: "过敏: 花生" });
    await strip.first().waitFor({ timeout: 20_000 });
    expect(orderId).not.toBe("");
    expect(errors).toEqual([]);
  });

  it("names and hides them in English on a 390×844 phone", async () => {
    const table = stage.table("川味小馆", 4);
    const rid = new URL(table.url).searchParams.get("hotelid") ?? "";
    const phone = await stage.diner(table, { errors });
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.getByRole("combobox").selectOption("en-US");
    await phone.waitForFunction(() => document.documentElement.lang === "en-US");
    const sheet = await openSheet(phone, "凉菜", "老醋花生");
    expect(await phone.getByTestId("dish-allergens").textContent()).toContain("Contains: Peanuts");
    await sheet.getByLabel("Peanuts").check();
    await sheet.getByLabel("Hide dishes that contain these allergens from the menu").check();
    await sheet.getByRole("button", { name: "Done" }).click();
    await phone.locator(".dish-detail .adm-popup-close-icon").click();
    await phone.locator(".dish-detail").waitFor({ state: "detached" });
    const count = (await withoutChoice(rid)).length;
    expect(await phone.getByTestId("hidden-note").textContent()).toContain(
      `${count} dishes with Peanuts hidden`,
    );
    await phone.evaluate(() => document.querySelector('[data-testid="menu-scroller"]')?.scrollTo(0, 0));
    await phone.screenshot({ path: join(SHOTS, "allergens-hidden-en-390.png") });
    expect(await layoutProblems(phone)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("names and hides them in Japanese on a 360×740 phone, and shows them again on request", async () => {
    const table = stage.table("川味小馆", 3);
    const rid = new URL(table.url).searchParams.get("hotelid") ?? "";
    const phone = await stage.diner(table, { errors });
    await phone.setViewportSize({ width: 360, height: 740 });
    // the diner switches the app to 日本語 (the menu's own words stay the restaurant's: it offers no Japanese)
    await phone.getByRole("combobox").selectOption("ja-JP");
    await phone.waitForFunction(() => document.documentElement.lang === "ja-JP");
    const sheet = await openSheet(phone, "凉菜", "老醋花生");
    expect(await phone.getByTestId("dish-allergens").textContent()).toContain("含有：落花生");
    await sheet.getByLabel("落花生").check();
    await sheet.getByLabel("これらを含む料理をメニューに表示しない").check();
    await sheet.getByRole("button", { name: "完了" }).click();
    await phone.locator(".dish-detail .adm-popup-close-icon").click();
    await phone.locator(".dish-detail").waitFor({ state: "detached" });
    const note = phone.getByTestId("hidden-note");
    const count = (await withoutChoice(rid)).length;
    expect(await note.textContent()).toContain(`落花生を含む料理${count}品を非表示にしています`);
    await phone.evaluate(() => document.querySelector('[data-testid="menu-scroller"]')?.scrollTo(0, 0));
    await phone.screenshot({ path: join(SHOTS, "allergens-hidden-ja-360.png") });
    expect(await layoutProblems(phone)).toEqual([]);
    // a mark's word is Japanese too: 表示する brings the dishes back, marked
    await note.getByRole("button", { name: "表示する" }).click();
    const peanuts = await menuCard(phone, "凉菜", "老醋花生");
    const word = await peanuts
      .locator(".al-peanuts")
      .evaluate((mark) => getComputedStyle(mark, "::after").content);
    expect(word).toContain("落花生");
    expect(await note.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
