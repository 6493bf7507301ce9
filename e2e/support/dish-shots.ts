import type { BrowserContext, Page } from "playwright-core";
import { DISH_COPY } from "../../apps/web/src/copy.js";
import { scanTable } from "./diner-count.js";
import { addControl, cartBar, menuCard, plus, tap, typeOnKeypad } from "./dishes.js";

/** Lets a pop-up's opening animation finish before the picture is taken. */
const settle = (page: Page) => page.waitForTimeout(450);

/**
 * The dish modals, the keypad, the combo page and the expanded cart, on one table: each step opens
 * one and calls `shoot` with the picture's name.
 */
export async function shootDishScreens(
  context: BrowserContext,
  link: string,
  shoot: (page: Page, name: string) => Promise<void>,
): Promise<void> {
  const page = await context.newPage();
  await scanTable(page, link);
  const closeModal = async () => {
    await page.getByRole("button", { name: DISH_COPY.close }).first().click();
    await page.getByTestId("dish-sheet").or(page.getByTestId("dish-detail")).waitFor({ state: "detached" });
  };

  const duck = await menuCard(page, "招牌菜", "东坡肉");
  await duck.locator(".dish-card__name").click();
  await page.getByTestId("dish-detail").waitFor();
  await settle(page);
  await shoot(page, "dish-detail-modal");
  await closeModal();

  await tap(plus(addControl(await menuCard(page, "主食", "扬州炒饭"))));
  const addons = page.getByTestId("dish-sheet");
  await plus(addons.getByTestId("addition-row").filter({ hasText: "加蛋" })).click();
  await settle(page);
  await shoot(page, "dish-addons-modal");
  await addons.getByRole("button", { name: DISH_COPY.addToCart }).click();
  await addons.waitFor({ state: "detached" });

  await tap(plus(addControl(await menuCard(page, "饮品", "珍珠奶茶"))));
  const spec = page.getByTestId("dish-sheet");
  await spec.getByRole("button", { name: "大杯", exact: true }).click();
  await spec.getByRole("button", { name: "热饮 +¥2", exact: true }).click();
  await settle(page);
  await shoot(page, "dish-spec-modal");
  await spec.getByRole("button", { name: DISH_COPY.addToCart }).click();
  await spec.waitFor({ state: "detached" });

  await tap(plus(addControl(await menuCard(page, "称重海鲜", "活鲈鱼"))));
  await page.getByTestId("dish-sheet").getByRole("button", { name: "椒盐 +15%", exact: true }).click();
  await settle(page);
  await shoot(page, "dish-spec-modal-weighed");
  await page.getByTestId("weight-field").click();
  const keypad = page.getByTestId("quantity-sheet");
  await keypad.getByRole("button", { name: "1", exact: true }).click();
  await keypad.getByRole("button", { name: ".", exact: true }).click();
  await keypad.getByRole("button", { name: "5", exact: true }).click();
  await settle(page);
  await shoot(page, "quantity-keypad");
  await keypad.getByRole("button", { name: DISH_COPY.confirm, exact: true }).click();
  await keypad.waitFor({ state: "detached" });
  await page.getByTestId("dish-sheet").getByRole("button", { name: DISH_COPY.addToCart }).click();

  await addControl(await menuCard(page, "套餐", "自选单人套餐"))
    .getByRole("button", { name: DISH_COPY.choose })
    .click();
  await page.waitForURL(/\/foodCombo\?/);
  await page.getByRole("button", { name: "回锅肉 +¥3" }).click();
  await settle(page);
  await shoot(page, "food-combo-page");
  await page.getByRole("button", { name: "米饭", exact: true }).click();
  await page.getByRole("button", { name: "酸梅汤", exact: true }).click();
  await page.getByRole("button", { name: DISH_COPY.addToCart }).click();
  await page.waitForURL(/\/main\?/);

  await tap(plus(addControl(await menuCard(page, "称重海鲜", "野生大黄鱼"))));
  await typeOnKeypad(page, "1.5");
  await menuCard(page, "套餐", "自选单人套餐");
  await settle(page);
  await shoot(page, "menu-with-cart");

  await cartBar(page).getByRole("button", { name: DISH_COPY.cart }).click();
  await page.getByTestId("cart-lines").waitFor();
  await settle(page);
  await shoot(page, "cart-expanded");
  await page.getByRole("button", { name: DISH_COPY.clearCart }).click();
  await page.getByRole("dialog").waitFor();
  await settle(page);
  await shoot(page, "cart-clear-confirm");
  await page.close();
}
