import { API, type Dish, PHONE_CODE } from "@tablemate/core";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartLines, dishes, orders, phoneCodes, restaurants, tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { form, json, startTestApp, type TestApp } from "./support/harness.js";
import { Diner, menuOf } from "./support/ordering.js";
import { smsOutbox } from "./support/sms-outbox.js";

type Restaurant = typeof restaurants.$inferSelect;

describe.each(BACKENDS)("phone verification codes on %s", (backend) => {
  let app: TestApp;
  /** the test clock runs this far ahead of the wall clock */
  let ahead = 0;
  const outbox = smsOutbox();
  let takeout: Restaurant;
  let dine: Restaurant;
  let goose: Dish;
  const freeTables: number[] = [];
  let phoneSeq = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, {
      now: () => new Date(Date.now() + ahead),
      smsSender: outbox.sender,
    });
    const all = await app.db.select().from(restaurants);
    const takeoutRow = all.find((r) => r.verifyPhone && r.linkMode === "takeout");
    const dineRow = all.find((r) => !r.verifyPhone && r.linkMode === "dine");
    if (!takeoutRow || !dineRow) throw new Error("demo restaurants missing");
    [takeout, dine] = [takeoutRow, dineRow];
    const found = (await menuOf(app, takeout.id)).find((d) => d.name === "深井烧鹅");
    if (!found || found.estimate <= 0) throw new Error("no 深井烧鹅 in stock");
    goose = found;
    // each test orders at a table of its own
    const extra = Array.from({ length: 10 }, (_, i) => ({ restaurantId: takeout.id, name: `外送测试${i}` }));
    await app.db.insert(tables).values(extra);
    for (const t of await app.db.select().from(tables).where(eq(tables.restaurantId, takeout.id))) {
      freeTables.push(t.id);
    }
  });
  afterAll(() => app.close());
  beforeEach(() => {
    ahead = 0;
  });

  /** A phone no other test has used, so cooldowns do not cross tests. */
  const newPhone = () => `1390000${String(++phoneSeq).padStart(4, "0")}`;

  const askCode = (rid: number, phone: string) =>
    app.server.inject({ method: "POST", url: API.phoneCode, ...form({ rid, phone }) });

  /** A takeout diner with 深井烧鹅 (over the 50 yuan start price) in the cart. */
  async function takeoutDiner(guid: string): Promise<Diner> {
    const tableId = freeTables.shift();
    if (!tableId) throw new Error("out of tables");
    const diner = await new Diner(app, guid, {
      restaurantId: takeout.id,
      tableId,
      sid: app.signer.tableToken(takeout.id, tableId),
    }).sit();
    await diner.add(goose.id);
    return diner;
  }

  const takeoutOrder = (diner: Diner, phone: string, code: string | undefined) =>
    diner.order({ takeout: "1", phone, code, name: "王先生", address: "国定路335号" });

  const gooseLeft = async () =>
    (await app.db.select({ estimate: dishes.estimate }).from(dishes).where(eq(dishes.id, goose.id)))[0]
      ?.estimate;

  /** The refused submits left no order, the cart as it was, and the stock as `stockBefore`. */
  async function nothingWritten(diner: Diner, stockBefore: number | undefined): Promise<void> {
    const [placed] = await app.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.cartId, diner.cart.value));
    expect(placed?.n).toBe(0);
    const [lines] = await app.db
      .select({ n: count() })
      .from(cartLines)
      .where(eq(cartLines.cartId, diner.cart.value));
    expect(lines?.n).toBe(1);
    expect(await gooseLeft()).toBe(stockBefore);
  }

  it("sends a six-digit code, keeps only its HMAC, and tells when the next may be asked for", async () => {
    const phone = newPhone();
    const answer = await askCode(takeout.id, ` ${phone} `);
    expect(answer.statusCode).toBe(200);
    expect(json(answer)).toMatchObject({
      code: 1000,
      data: { resendAfterSeconds: PHONE_CODE.resendSeconds, validSeconds: PHONE_CODE.validSeconds },
    });
    const code = outbox.codeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await app.db
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.restaurantId, takeout.id), eq(phoneCodes.phone, phone)));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
  });

  it("refuses a bad phone, a restaurant that asks for no code, and an unknown restaurant", async () => {
    const sentBefore = outbox.sent.length;
    expect((await askCode(takeout.id, "12345")).statusCode).toBe(400);
    expect(json(await askCode(dine.id, newPhone()))).toMatchObject({ code: 400, success: false });
    expect(json(await askCode(999_999, newPhone())).code).toBe(1011);
    expect(outbox.sent.length).toBe(sentBefore);
  });

  it("sends no second code within 60 seconds (8001), then a new one that replaces the first", async () => {
    const phone = newPhone();
    await askCode(takeout.id, phone);
    const first = outbox.codeFor(phone);
    ahead = (PHONE_CODE.resendSeconds - 1) * 1000;
    const again = await askCode(takeout.id, phone);
    expect(again.statusCode).toBe(429);
    expect(json(again)).toMatchObject({ code: 8001, message: "请1秒后再获取验证码" });
    expect(outbox.sent.filter((s) => s.phone === phone)).toHaveLength(1);

    ahead = PHONE_CODE.resendSeconds * 1000;
    expect(json(await askCode(takeout.id, phone)).code).toBe(1000);
    const second = outbox.codeFor(phone);
    expect(outbox.sent.filter((s) => s.phone === phone)).toHaveLength(2);
    if (second !== first) {
      const diner = await takeoutDiner("code-replaced-0001");
      expect(json(await diner.submit(takeoutOrder(diner, phone, first))).code).toBe(2008);
    }
  });

  it("answers 2008 to a wrong or missing code, writing nothing; the right code places the order", async () => {
    const phone = newPhone();
    const diner = await takeoutDiner("code-wrong-0001");
    await askCode(takeout.id, phone);
    const code = outbox.codeFor(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const stock = await gooseLeft();

    const refused = await diner.submit(takeoutOrder(diner, phone, wrong));
    expect(json(refused)).toMatchObject({ code: 2008, success: false, message: "验证码错误" });
    expect(json(await diner.submit(takeoutOrder(diner, phone, undefined))).code).toBe(2008);
    // a code sent to another phone is no code for this one
    expect(json(await diner.submit(takeoutOrder(diner, newPhone(), code))).code).toBe(2008);
    await nothingWritten(diner, stock);

    const placed = json(await diner.submit(takeoutOrder(diner, phone, code)));
    expect(placed.code).toBe(1000);
    const { orderId } = placed.data as { orderId: number };
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.eatType).toBe("takeout");
    // the kitchen knows whom to deliver to
    expect(order?.reserve).toMatchObject({ phone, name: "王先生", address: "国定路335号" });
    expect(await gooseLeft()).toBe(Number(stock) - 1);
  });

  it("answers 2008 once the code is five minutes old", async () => {
    const phone = newPhone();
    const diner = await takeoutDiner("code-expired-0001");
    await askCode(takeout.id, phone);
    const stock = await gooseLeft();
    ahead = PHONE_CODE.validSeconds * 1000;
    expect(json(await diner.submit(takeoutOrder(diner, phone, outbox.codeFor(phone)))).code).toBe(2008);
    await nothingWritten(diner, stock);
  });

  it("spends the code after five wrong tries, even ones sent at once", async () => {
    const phone = newPhone();
    const diner = await takeoutDiner("code-tries-0001");
    await askCode(takeout.id, phone);
    const code = outbox.codeFor(phone);
    const stock = await gooseLeft();
    const wrong = Array.from({ length: PHONE_CODE.maxAttempts }, (_, i) =>
      String((Number(code) + i + 1) % 1_000_000).padStart(6, "0"),
    );
    const codes = await Promise.all(
      wrong.map(async (guess) => json(await diner.submit(takeoutOrder(diner, phone, guess))).code),
    );
    expect(codes).toEqual(wrong.map(() => 2008));
    expect(json(await diner.submit(takeoutOrder(diner, phone, code))).code).toBe(2008);
    await nothingWritten(diner, stock);
  });

  it("asks no code of a dine-in order, even where takeout needs one", async () => {
    const tableId = freeTables.shift();
    if (!tableId) throw new Error("out of tables");
    const diner = await new Diner(app, "code-dine-0001", {
      restaurantId: takeout.id,
      tableId,
      sid: app.signer.tableToken(takeout.id, tableId),
    }).sit();
    await diner.add(goose.id);
    expect(json(await diner.submit()).code).toBe(1000);
  });
});
