import { generateKeyPairSync, type KeyObject, randomUUID } from "node:crypto";
import { API, type OrderDetail, PAY_API, type PayStart } from "@tablemate/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payMerchants } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { demoTable, json, startTestApp, type TestApp } from "./support/harness.js";
import { Diner, menuOf, plainDish } from "./support/ordering.js";
import { FakeAlipay } from "./support/payment/fake-alipay.js";

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = (k: KeyObject, type: "pkcs8" | "spki") => k.export({ type, format: "pem" }) as string;

/**
 * A restaurant with its own Alipay merchant pays through Alipay (the default providers, not a fake of
 * the port): /pay's form goes to the gateway, and Alipay's signed notification pays the order through
 * the same notification route; a merchant configuration its factory refuses leaves the sandbox.
 */
describe.each(BACKENDS)("a restaurant's own merchant (%s)", (backend) => {
  let app: TestApp;
  let fake: FakeAlipay;
  const merchantKeys = rsa();
  const alipayKeys = rsa();
  let table: Awaited<ReturnType<typeof demoTable>>;
  let dishId = 0;

  beforeAll(async () => {
    fake = await FakeAlipay.start({
      appId: "2021004112345678",
      sellerId: "2088102146225135",
      appPublicKey: merchantKeys.publicKey,
      alipayPrivateKey: alipayKeys.privateKey,
    });
    app = await startTestApp(backend, { env: { PAY_RECONCILE_MS: "0" } });
    table = await demoTable(app, (r) => r.wctPayType === 1 && !r.fastHotel);
    dishId = plainDish(await menuOf(app, table.restaurantId)).id;
    await app.db.insert(payMerchants).values({
      restaurantId: table.restaurantId,
      provider: "alipay",
      config: {
        appId: "2021004112345678",
        sellerId: "2088102146225135",
        privateKeyPem: pem(merchantKeys.privateKey, "pkcs8"),
        alipayPublicKeyPem: pem(alipayKeys.publicKey, "spki"),
        gatewayUrl: fake.url,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it("pays an order through Alipay: the pay form, then Alipay's signed notification", async () => {
    const rid = table.restaurantId;
    const diner = await new Diner(app, `ali-${randomUUID()}`, table).sit();
    await diner.add(dishId);
    const orderId = (json(await diner.submit()).data as { orderId: number }).orderId;
    const start = json(await diner.prepay(orderId)).data as PayStart;
    expect(start).toMatchObject({ provider: "alipay", test: false });
    if (start.next.kind !== "form") throw new Error("Alipay answers a form");
    expect(start.next.action.startsWith(fake.url)).toBe(true);
    // the diner's browser posts the form; the payer pays at Alipay
    await fetch(start.next.action, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded;charset=utf-8" },
      body: new URLSearchParams(start.next.fields).toString(),
    });
    fake.pay(start.tradeNo);
    const raw = fake.notification(fake.tradeParams(start.tradeNo));
    const notified = await app.server.inject({
      method: "POST",
      url: `${PAY_API.payNotify("alipay")}?rid=${rid}`,
      headers: Object.fromEntries(Object.entries(raw.headers).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >,
      payload: raw.body,
    });
    expect(notified.statusCode).toBe(200);
    expect(notified.body).toBe("success");
    const detail = json(await diner.get(`${API.orderDetail}/${orderId}?rid=${rid}`)).data as OrderDetail;
    expect(detail.orderNeedMoney).toBe("0.00");
    expect(detail.pays).toEqual([expect.objectContaining({ payType: "支付宝", paid: true, test: false })]);
    // the same notification forged for another seller is refused
    const forged = fake.notification({ ...fake.tradeParams(start.tradeNo), seller_id: "2088000000000000" });
    const refused = await app.server.inject({
      method: "POST",
      url: `${PAY_API.payNotify("alipay")}?rid=${rid}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: forged.body,
    });
    expect(refused.body).toBe("fail");
  });

  it("a configuration the factory refuses leaves the restaurant on the sandbox", async () => {
    const other = await demoTable(app, (r) => r.wctPayType === 0 && !r.fastHotel);
    await app.db.insert(payMerchants).values({
      restaurantId: other.restaurantId,
      provider: "wechat",
      config: { mchid: "1", appid: "x", apiV3Key: "short" },
    });
    expect((await app.payments.providers.forRestaurant(other.restaurantId)).name).toBe("sandbox");
    expect((await app.payments.providers.forRestaurant(table.restaurantId)).name).toBe("alipay");
  });
});
