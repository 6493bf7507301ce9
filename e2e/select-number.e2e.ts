import { API, type Dish } from "@tablemate/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { COPY, DISH_COPY } from "../apps/web/src/copy.js";
import { chooseDinerCount } from "./support/diner-count.js";
import { barTotal, cachedLines, cartBar, coreTotal, fetchFoods } from "./support/dishes.js";
import { layoutProblems } from "./support/layout.js";
import { useStage } from "./support/stage.js";

const shot = (name: string) => new URL(`./screenshots/${name}.png`, import.meta.url).pathname;

/**
 * The diner-count step (/selectNumber, spec 000 §2): a table of a restaurant that needs the count is
 * asked it before the menu, and the must-order dishes follow it; a reload on the step comes back to
 * it, or goes on once the count is set; quick-service 面面俱到 (fastFoodNeedPersonNum) takes no order
 * without one.
 */
describe("the diner count before the menu", () => {
  const errors: string[] = [];
  const stage = useStage();

  /** A phone of its own (cookies, storage) that has opened `url`. */
  async function phoneAt(url: string): Promise<Page> {
    const page = await stage.phone({ errors });
    await page.goto(url);
    return page;
  }

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const title = (page: Page) => page.getByRole("heading", { name: "请选择用餐人数", level: 1 });

  it("asks at a 川味小馆 table first (the server paints no menu), then the menu has 茶位费 ×3 and 米饭 ×2", async () => {
    const table = stage.table("川味小馆", 1);
    // the first paint of the scan: the branded wait, not a menu the step would then replace
    const html = await (await fetch(table.url)).text();
    expect(html).toContain("entry-loading");
    expect(html).not.toContain("restaurant-header");

    const page = await phoneAt(table.url);
    await title(page).waitFor();
    expect(pathOf(page)).toBe("/selectNumber");
    expect(new URL(page.url()).searchParams.get("tn")).toBe(new URL(table.url).searchParams.get("tn"));
    // each must-order dish with its rule, as the cart will take it (issue 25)
    expect(await page.getByTestId("must-order-words").locator("li").allTextContents()).toEqual([
      "米饭 每桌2碗",
      "茶位费 每人1位",
    ]);

    await chooseDinerCount(page, 3);
    expect(pathOf(page)).toBe("/main");
    await expect.poll(() => page.getByTestId("diner-count").textContent()).toBe(COPY.dinerCount(3));
    const foods: Dish[] = await fetchFoods(
      stage.server.url,
      new URL(table.url).searchParams.get("hotelid") ?? "",
    );
    const named = (foodId: number) => foods.find((d) => d.dishesId === foodId)?.name;
    await expect
      .poll(async () => (await cachedLines(page)).map((l) => [named(l.foodId), l.count]))
      .toEqual([
        ["米饭", "2"],
        ["茶位费", "3"],
      ]);
    // ¥3 × 3 + ¥2 × 2, as core prices the cart
    expect(await barTotal(page)).toBe("¥13");
    expect(await barTotal(page)).toBe(await coreTotal(page, foods));
    await cartBar(page).getByRole("button", { name: DISH_COPY.cart }).click();
    const lines = page.getByTestId("cart-lines");
    await lines.waitFor();
    expect((await lines.getByTestId("cart-line").allTextContents()).join(" ")).toMatch(/米饭.*茶位费/);

    // Back does not return to the step: it was replaced
    await page.goBack();
    expect(page.url()).not.toContain("/selectNumber");

    // a tablemate scanning the same table now goes straight to the menu, with the count
    const mate = await phoneAt(table.url);
    await expect.poll(() => mate.getByTestId("diner-count").textContent()).toBe(COPY.dinerCount(3));
    expect(pathOf(mate)).toBe("/main");
    expect(errors).toEqual([]);
  });

  it("a lone diner gets what the step says: one 茶位费 per diner, 米饭 2 bowls for the table", async () => {
    const table = stage.table("川味小馆", 2);
    const page = await phoneAt(table.url);
    await title(page).waitFor();
    const words = await page.getByTestId("must-order-words").locator("li").allTextContents();
    // the step's words, read back as counts for one diner: n per diner or n per table are both n
    const forOne = words.map((w) => {
      const [, name, n] = /^(\S+) 每[人桌](\d+)/.exec(w) ?? [];
      return [name, n];
    });
    expect(forOne).toEqual([
      ["米饭", "2"],
      ["茶位费", "1"],
    ]);
    for (const [size, suffix] of [
      [{ width: 390, height: 844 }, ""],
      [{ width: 360, height: 740 }, "@360"],
    ] as const) {
      await page.setViewportSize(size);
      expect(await layoutProblems(page)).toEqual([]);
      await page.screenshot({ path: shot(`select-number-must-order${suffix}`) });
    }
    await chooseDinerCount(page, 1);
    const foods: Dish[] = await fetchFoods(
      stage.server.url,
      new URL(table.url).searchParams.get("hotelid") ?? "",
    );
    const named = (foodId: number) => foods.find((d) => d.dishesId === foodId)?.name;
    await expect
      .poll(async () => (await cachedLines(page)).map((l) => [named(l.foodId), l.count]))
      .toEqual(forOne);
    expect(errors).toEqual([]);
  });

  it("comes back to the step on a reload, and goes on to the menu once the count is set", async () => {
    const page = await phoneAt(stage.table("江南食府", 1).url);
    await title(page).waitFor();
    await page.reload();
    await title(page).waitFor();
    expect(pathOf(page)).toBe("/selectNumber");

    // a bigger party types its count
    await page.getByRole("button", { name: "更多人数" }).click();
    await page.getByRole("textbox", { name: "输入用餐人数" }).fill("14");
    await page.getByRole("button", { name: "确定" }).click();
    await expect.poll(() => page.getByTestId("diner-count").textContent()).toBe(COPY.dinerCount(14));

    // the step's address again (a reload of an old tab): on to the menu, the count kept
    const step = new URL(page.url());
    step.pathname = "/selectNumber";
    await page.goto(step.href);
    await expect.poll(() => pathOf(page)).toBe("/main");
    await expect.poll(() => page.getByTestId("diner-count").textContent()).toBe(COPY.dinerCount(14));
    expect(errors).toEqual([]);
  });

  it("takes no order at 面面俱到 (quick-service, fastFoodNeedPersonNum) without a count", async () => {
    const table = stage.table("面面俱到", 1);
    const page = await phoneAt(table.url);
    await title(page).waitFor();
    // the menu's address does not skip the step
    const menu = new URL(page.url());
    menu.pathname = "/main";
    await page.goto(menu.href);
    await title(page).waitFor();
    expect(pathOf(page)).toBe("/selectNumber");

    // nor does a submit sent by hand: refused with the reason, nothing placed
    const query = new URL(table.url).searchParams;
    const rid = Number(query.get("hotelid"));
    const tableId = Number(query.get("tn"));
    const request = page.context().request;
    const guid = (await page.context().cookies()).find((c) => c.name === "guid")?.value ?? "";
    const id = await request.get(
      `${stage.server.url}${API.cartId}?rid=${rid}&tableId=${tableId}&guid=${guid}&sid=${query.get("sid")}`,
    );
    const cart = ((await id.json()) as { data: { value: number; sign: string } }).data;
    const order = {
      submitId: "no-count-submit-0001",
      restaurantId: rid,
      fastFood: true,
      realTableId: tableId,
      cartId: cart.value,
      cartIdSign: cart.sign,
      wholeMemo: { guid, memo: "" },
      orderUsers: [{ guid }],
      userId: guid,
      personNum: 0,
      foodTakingMode: 2,
    };
    const answer = await request.post(`${stage.server.url}${API.orderSubmit}`, {
      form: { data: JSON.stringify(order), isNewVersion: "true" },
    });
    expect(answer.status()).toBe(422);
    expect(await answer.json()).toEqual({
      code: 9001,
      success: false,
      data: null,
      message: "请先选择用餐人数再下单",
    });

    await chooseDinerCount(page, 2);
    await expect.poll(() => page.getByTestId("diner-count").textContent()).toBe(COPY.dinerCount(2));
    expect(errors).toEqual([]);
  });
});
