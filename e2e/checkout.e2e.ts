import { addDays, type Dish, EMPTY_CHOICE, formatDate, priceLine, truncateMoney } from "@tablemate/core";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHECKOUT_COPY } from "../apps/web/src/copy.js";
import { SUBMIT_COPY } from "../apps/web/src/features/checkout/checkout-copy.js";
import { ORDER_COPY } from "../apps/web/src/features/order/order-copy.js";
import { PAY_COPY } from "../apps/web/src/features/pay/pay-copy.js";
import { shiftedClock, todayInShanghaiAt } from "./support/clock.js";
import { MUST_ORDER_FOR_ONE } from "./support/diner-count.js";
import {
  addControl,
  barTotal,
  cartBar,
  fetchFoods,
  menuCard,
  plus,
  tap,
  typeOnKeypad,
} from "./support/dishes.js";
import { loggedCode } from "./support/sms.js";
import { useStage } from "./support/stage.js";

/**
 * Checkout at a phone viewport on the real server: the to-order button of each demo restaurant and
 * its order placed and shown, a pay-later order cancelled, and the waiter called. The server's clock
 * reads today's 22:30 in Shanghai, so 宴遇私房菜 (10:00-22:00, reservations only) has closed for the
 * day whatever the hour of the run (the other demo restaurants are open round the clock); a browser
 * whose clock is installed reads the hour it is given.
 */
describe("checkout at a phone viewport", () => {
  const errors: string[] = [];

  const clock = shiftedClock(todayInShanghaiAt("22:30").getTime() - Date.now());
  // every phone here is 127.0.0.1: the per-address limit would soon refuse them all (429)
  const stage = useStage({ ...clock.env, RATE_LIMIT_PER_MINUTE: "100000" });

  /**
   * A new diner (own cookies) at a table of a restaurant (the first, or the `nth`), on its menu;
   * `at`: the phone's clock.
   */
  async function dinerAt(
    restaurant: string,
    { at, nth = 0 }: { at?: Date; nth?: number } = {},
  ): Promise<{ page: Page; foods: Dish[] }> {
    const link = stage.table(restaurant, nth);
    const foods = await fetchFoods(stage.server.url, new URL(link.url).searchParams.get("hotelid") ?? "");
    const page = await stage.diner(link, { errors, clockAt: at });
    return { page, foods };
  }

  /** Adds 拍黄瓜 (¥12) `times`, over what the cart held (the must-order dishes a diner count brought). */
  async function addCucumbers(page: Page, times: number): Promise<void> {
    const before = Number((await barTotal(page))?.replace("¥", "") ?? 0);
    const card = await menuCard(page, "凉菜", "拍黄瓜");
    for (let i = 0; i < times; i++) await tap(plus(addControl(card)));
    await expect.poll(() => barTotal(page)).toBe(`¥${before + 12 * times}`);
  }

  const orderButton = (page: Page) => cartBar(page).locator(".cart-bar__order");
  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const field = (page: Page, name: string) => page.getByRole("textbox", { name });

  /** Submits on the order page; the order detail shows the order (`dishes`) with its pick-up number. */
  async function submitForPickUp(page: Page, dishes?: string[]): Promise<void> {
    await page.getByTestId("suborder-page").waitFor();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await expectPickUpNumber(page, dishes);
  }

  async function expectPickUpNumber(page: Page, dishes = ["拍黄瓜"]): Promise<void> {
    // quick-service pays first: the order goes on to /pay, its detail a tap away
    await page.getByTestId("pay-page").waitFor();
    expect(pathOf(page)).toBe("/pay");
    await page.getByRole("button", { name: PAY_COPY.viewOrder }).click();
    await page.getByTestId("order-lines").waitFor();
    expect(pathOf(page)).toBe("/order/detail");
    expect(await page.getByText(ORDER_COPY.serialNo, { exact: true }).count()).toBe(1);
    expect(await page.getByTestId("order-serial").textContent()).toMatch(/^\d{3}$/);
    expect(await page.getByTestId("order-line").locator(".order-line__name").allTextContents()).toEqual(
      dishes,
    );
  }

  it("places a pay-later order at 川味小馆 and shows it with core's total, then cancels it", async () => {
    const { page, foods } = await dinerAt("川味小馆");
    await addCucumbers(page, 2);
    expect(await orderButton(page).textContent()).toBe(CHECKOUT_COPY.toOrder);
    await orderButton(page).click();
    await page.getByTestId("suborder-page").waitFor();
    expect(pathOf(page)).toBe("/order/subOrder");
    await page.getByRole("textbox", { name: SUBMIT_COPY.wholeMemo }).fill("少辣");
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await page.getByTestId("order-lines").waitFor();
    expect(pathOf(page)).toBe("/order/detail");
    expect(new URL(page.url()).searchParams.get("orderId")).toMatch(/^\d+$/);

    const cucumber = foods.find((d) => d.name === "拍黄瓜");
    if (!cucumber) throw new Error("no 拍黄瓜");
    // with the must-order dishes one diner (chosen at the table's step) brought
    const cucumbers = priceLine(cucumber, EMPTY_CHOICE, 2, false).total;
    const expected = `¥${truncateMoney(cucumbers.plus(MUST_ORDER_FOR_ONE.total))}`;
    expect(await page.getByTestId("order-total").textContent()).toBe(expected);
    expect(await page.getByTestId("order-line").locator(".order-line__name").allTextContents()).toEqual([
      "米饭",
      "茶位费",
      "拍黄瓜",
    ]);
    expect(await page.getByTestId("order-status").textContent()).toBe("已下单");
    expect(await page.getByText("少辣").count()).toBe(1);

    await page.getByRole("button", { name: ORDER_COPY.cancelOrder }).click();
    await page.getByRole("dialog").getByRole("button", { name: CHECKOUT_COPY.confirm }).click();
    await page.getByText(ORDER_COPY.cancelled).waitFor();
    await expect.poll(() => page.getByTestId("order-status").textContent()).toBe("已取消");
    expect(errors).toEqual([]);
  });

  it("calls the waiter once, then rests the bell", async () => {
    const { page } = await dinerAt("川味小馆");
    const bell = page.getByRole("button", { name: "呼叫服务员" });
    expect(await bell.isDisabled()).toBe(false);
    await bell.click();
    await page.getByText("已通知服务员，请稍候").waitFor();
    await expect.poll(() => bell.isDisabled()).toBe(true);
  });

  it("leads quick-service 面面俱到 (mode 2) with 选好了 to the order page, then to its pick-up number", async () => {
    const { page } = await dinerAt("面面俱到");
    await addCucumbers(page, 1);
    expect(await orderButton(page).textContent()).toBe(CHECKOUT_COPY.chosen);
    await orderButton(page).click();
    await page.getByTestId("suborder-page").waitFor();
    expect(pathOf(page)).toBe("/order/subOrder");
    // 面面俱到 asks the diner count first (fastFoodNeedPersonNum): its must-order dishes came with it
    await submitForPickUp(page, ["米饭", "茶位费", "拍黄瓜"]);
    expect(errors).toEqual([]);
  });

  it("leads quick-service 速味快餐 (mode 1) to the supply form, then to its pick-up number", async () => {
    const { page } = await dinerAt("速味快餐");
    await addCucumbers(page, 1);
    await orderButton(page).click();
    await page.getByTestId("supply-page").waitFor();
    expect(pathOf(page)).toBe("/supplyInfo");
    // a pick-up asks only its time and a note (issue 25), never a reservation's contact
    expect(await page.getByRole("textbox", { name: SUBMIT_COPY.phone }).count()).toBe(0);
    await page.getByRole("button", { name: SUBMIT_COPY.next }).click();
    await submitForPickUp(page);
    expect(await page.getByTestId("supply-facts").textContent()).toContain(
      SUBMIT_COPY.supplyFactsTitle.pickup,
    );
    expect(errors).toEqual([]);
  });

  it("at 阿婆粥铺 (quick-service, no food-taking mode) keeps the scanned table, and 换桌 puts the order on another", async () => {
    const { page } = await dinerAt("阿婆粥铺");
    const scanned = await page.getByTestId("table-name").textContent();
    const picked = stage.table("阿婆粥铺", 2);
    expect(picked.table).not.toBe(scanned);
    await addCucumbers(page, 1);
    expect(await orderButton(page).textContent()).toBe(CHECKOUT_COPY.chosen);
    await orderButton(page).click();
    // no table asked again after the scan (issue 25): the order page, on the scanned table
    await page.getByTestId("suborder-page").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await page.getByTestId("suborder-table-name").textContent()).toBe(scanned);
    // a diner seated elsewhere picks the table there (spec 000 §4's picker)
    await page.getByRole("button", { name: SUBMIT_COPY.changeTable }).click();
    const dialog = page.getByRole("dialog");
    const confirm = dialog.getByRole("button", { name: CHECKOUT_COPY.confirm });
    await confirm.waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole("combobox", { name: SUBMIT_COPY.pickTable }).selectOption({ label: picked.table });
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await confirm.click();
    await expect.poll(() => page.getByTestId("suborder-table-name").textContent()).toBe(picked.table);
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await expectPickUpNumber(page);
    expect(await page.getByTestId("order-table").locator(".fact-row__value").textContent()).toBe(
      picked.table,
    );
    expect(errors).toEqual([]);
  });

  it("holds takeout below its start price, then takes the order with the code texted to the phone", async () => {
    const { page } = await dinerAt("外送小厨");
    await addCucumbers(page, 1);
    expect(await orderButton(page).textContent()).toBe(CHECKOUT_COPY.short("38"));
    expect(await orderButton(page).isDisabled()).toBe(true);
    const card = await menuCard(page, "凉菜", "拍黄瓜");
    for (let i = 0; i < 3; i++) await tap(plus(addControl(card)));
    await expect.poll(() => orderButton(page).textContent()).toBe(CHECKOUT_COPY.short("2"));
    // from 4 of a dish on, + opens the keypad (spec 000 §5)
    await tap(plus(addControl(card)));
    await typeOnKeypad(page, "5");
    await expect.poll(() => orderButton(page).textContent()).toBe(CHECKOUT_COPY.toOrder);
    await orderButton(page).click();
    await page.getByTestId("supply-page").waitFor();

    // 外送小厨 asks for a code sent to the phone; the server logs it while no SMS gateway is set
    const phone = "13900005678";
    const field = (name: string) => page.getByRole("textbox", { name });
    const codeButton = page.locator(".code-button");
    await field(SUBMIT_COPY.phone).fill(phone);
    await codeButton.click();
    await expect.poll(() => codeButton.textContent()).toMatch(/^(60|59)秒后重新获取$/);
    expect(await codeButton.isDisabled()).toBe(true);
    await expect.poll(() => loggedCode(stage.server, phone)).toMatch(/^\d{6}$/);
    const code = loggedCode(stage.server, phone) ?? "";
    await field(SUBMIT_COPY.name).fill("李女士");
    await field(SUBMIT_COPY.address).fill("国定路335号");

    // a wrong code: 2008, back to the form with the code emptied, nothing ordered
    await field(SUBMIT_COPY.code).fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: SUBMIT_COPY.next }).click();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    await page.getByText(SUBMIT_COPY.wrongCode).waitFor();
    await page.getByTestId("supply-page").waitFor();
    expect(await field(SUBMIT_COPY.code).inputValue()).toBe("");
    expect(await field(SUBMIT_COPY.address).inputValue()).toBe("国定路335号");

    await field(SUBMIT_COPY.code).fill(code);
    await page.getByRole("button", { name: SUBMIT_COPY.next }).click();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    // a takeout is paid before it is cooked (issue 25): /pay, its detail a tap away
    await page.getByTestId("pay-page").waitFor();
    expect(pathOf(page)).toBe("/pay");
    await page.getByRole("button", { name: PAY_COPY.viewOrder }).click();
    await page.getByTestId("order-lines").waitFor();
    expect(pathOf(page)).toBe("/order/detail");
    expect(await page.getByTestId("order-line").locator(".order-line__name").allTextContents()).toEqual([
      "拍黄瓜",
    ]);
    expect(errors).toEqual([]);
  });

  /** The supply form of 宴遇私房菜 filled in, but for its time: a wrong phone first (001 §5). */
  async function fillReservation(page: Page, people: string): Promise<void> {
    await addCucumbers(page, 1);
    expect(await orderButton(page).textContent()).toBe(CHECKOUT_COPY.toOrder);
    await orderButton(page).click();
    await page.getByTestId("supply-page").waitFor();
    await field(page, SUBMIT_COPY.phone).fill("123");
    await page.getByRole("button", { name: SUBMIT_COPY.next }).click();
    await page.getByText(SUBMIT_COPY.phoneInvalid).waitFor();
    await field(page, SUBMIT_COPY.phone).fill("13812345678");
    await field(page, SUBMIT_COPY.name).fill("王先生");
    await page.getByRole("spinbutton", { name: SUBMIT_COPY.people }).fill(people);
  }

  /** Opens the time sheet (`look`: what to check in it first) and picks a time of a day (its tab's words). */
  async function pickTime(
    page: Page,
    day: string,
    time: string,
    look: (sheet: Locator) => Promise<void> = async () => {},
  ): Promise<void> {
    const label = SUBMIT_COPY.times.reserve;
    await page.getByRole("button", { name: label }).click();
    const sheet = page.getByRole("dialog", { name: SUBMIT_COPY.pickTime(label) });
    await sheet.waitFor();
    await look(sheet);
    await sheet.getByRole("tab", { name: day }).click();
    await sheet.getByRole("option", { name: time, exact: true }).click();
    await expect.poll(() => page.getByRole("button", { name: label }).textContent()).toMatch(/^\d{4}-/);
  }

  const factOf = async (page: Page, testId: string) =>
    page.getByTestId(testId).locator(".fact-row__value").textContent();

  it("takes a reservation at 宴遇私房菜 at 22:30, after its hours, for tomorrow, with its party size", async () => {
    const { page } = await dinerAt("宴遇私房菜", { at: clock.now() });
    // a booking is for later: the button is not 已打烊 while the restaurant is closed now
    await fillReservation(page, "4");
    const tomorrow = addDays(formatDate(clock.now(), "Asia/Shanghai"), 1);
    const label = SUBMIT_COPY.times.reserve;
    await pickTime(page, `${SUBMIT_COPY.tomorrow} ${tomorrow}`, "12:00", async (sheet) => {
      // today has closed: tomorrow comes first, from its opening time
      expect(await sheet.getByRole("tab").first().textContent()).toBe(`${SUBMIT_COPY.tomorrow} ${tomorrow}`);
      expect(await sheet.getByRole("option").first().textContent()).toBe("10:00");
    });
    expect(await page.getByRole("button", { name: label }).textContent()).toBe(`${tomorrow} 12:00`);
    await page.getByRole("button", { name: SUBMIT_COPY.next }).click();

    // the order page shows the party size and the time
    await page.getByTestId("suborder-page").waitFor();
    expect(await page.getByText("王先生 13812345678").count()).toBe(1);
    expect(await factOf(page, "supply-people")).toBe("4人");
    expect(await factOf(page, "supply-time")).toBe(`${tomorrow} 12:00`);
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();

    // and so does the order's detail, from the server
    await page.getByTestId("order-lines").waitFor();
    expect(pathOf(page)).toBe("/order/detail");
    expect(await page.getByText("王先生 13812345678").count()).toBe(1);
    expect(await factOf(page, "supply-people")).toBe("4人");
    expect(await factOf(page, "supply-time")).toBe(`${tomorrow} 12:00`);
    expect(errors).toEqual([]);
  });

  it("refuses at 宴遇私房菜 a time the server finds past (a phone clock behind it), ordering nothing", async () => {
    // the phone reads noon while the server reads 22:30: the phone offers today's afternoon
    const { page } = await dinerAt("宴遇私房菜", { at: todayInShanghaiAt("12:00"), nth: 1 });
    await fillReservation(page, "2");
    const today = formatDate(clock.now(), "Asia/Shanghai");
    await pickTime(page, `${SUBMIT_COPY.today} ${today}`, "12:15");
    await page.getByRole("button", { name: SUBMIT_COPY.next }).click();
    await page.getByTestId("suborder-page").waitFor();
    await page.getByRole("button", { name: SUBMIT_COPY.submit }).click();
    // the server's own words (9001), and the order page stays with its lines
    await page.getByText("所选时间已过，请重新选择").waitFor();
    expect(pathOf(page)).toBe("/order/subOrder");
    expect(await page.getByTestId("suborder-line").count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
