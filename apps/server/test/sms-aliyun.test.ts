import { randomUUID } from "node:crypto";
import { memberPaths } from "@tablemate/core";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { restaurants } from "../src/db/schema.js";
import {
  aliyunSignature,
  aliyunSmsSender,
  aliyunStringToSign,
  percentEncode,
} from "../src/modules/verification/aliyun-sms.js";
import { SmsSendError } from "../src/modules/verification/sms.js";
import { type FakeAliyunSms, fakeAliyunSms } from "./support/fake-aliyun-sms.js";
import { startTestApp } from "./support/harness.js";
import { freshPhone, MemberBrowser } from "./support/members.js";

const silent = pino({ level: "silent" });

describe("the Aliyun SMS adapter against a local fake of SendSms", () => {
  let fake: FakeAliyunSms;
  beforeAll(async () => {
    fake = await fakeAliyunSms();
  });
  afterAll(() => fake.close());

  const sender = (secret = fake.accessKeySecret, accessKeyId = fake.accessKeyId) =>
    aliyunSmsSender({
      accessKeyId,
      accessKeySecret: secret,
      signName: "桌边点餐",
      templateCode: "SMS_123456789",
      endpoint: fake.url,
      log: silent,
    });

  it("signs as Aliyun's published example does (testid / testsecret → CT9X0VtwR86fNWSnsc6v8YGOjuE=)", () => {
    const params = {
      TimeStamp: "2016-02-23T12:46:24Z",
      Format: "XML",
      AccessKeyId: "testid",
      Action: "DescribeRegions",
      SignatureMethod: "HMAC-SHA1",
      SignatureNonce: "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf",
      Version: "2014-05-26",
      SignatureVersion: "1.0",
    };
    expect(aliyunSignature("testsecret", aliyunStringToSign("GET", params))).toBe(
      "CT9X0VtwR86fNWSnsc6v8YGOjuE=",
    );
    // RFC 3986: space %20, * %2A, ~ kept, !'() encoded, UTF-8 bytes
    expect(percentEncode("a b*~!'()中")).toBe("a%20b%2A~%21%27%28%29%E4%B8%AD");
  });

  it("sends the code in the template's variable, under the sign name, signed so the fake takes it", async () => {
    await sender().send("13800138000", "042917");
    expect(fake.sent.at(-1)).toEqual({
      phone: "13800138000",
      signName: "桌边点餐",
      templateCode: "SMS_123456789",
      templateParam: { code: "042917" },
    });
    expect(sender().delivery).toBe("sms");
  });

  it("rejects with the provider's code when the signature is wrong or the key unknown", async () => {
    const sentBefore = fake.sent.length;
    await expect(sender("not-the-secret").send("13800138000", "111111")).rejects.toMatchObject({
      name: "SmsSendError",
      code: "SignatureDoesNotMatch",
    });
    await expect(
      sender(fake.accessKeySecret, "LTAIunknown").send("13800138000", "111111"),
    ).rejects.toMatchObject({
      code: "InvalidAccessKeyId.NotFound",
    });
    expect(fake.sent.length).toBe(sentBefore);
  });

  it("rejects a business refusal (a flow limit) though it comes with status 200", async () => {
    fake.refuse = { code: "isv.BUSINESS_LIMIT_CONTROL", message: "触发分钟级流控Permits:1" };
    try {
      const refused = sender().send("13800138000", "222222");
      await expect(refused).rejects.toBeInstanceOf(SmsSendError);
      await expect(refused).rejects.toMatchObject({ code: "isv.BUSINESS_LIMIT_CONTROL" });
    } finally {
      fake.refuse = null;
    }
  });

  it("rejects when the gateway cannot be reached", async () => {
    const gone = aliyunSmsSender({
      accessKeyId: "id",
      accessKeySecret: "secret",
      signName: "桌边点餐",
      templateCode: "SMS_1",
      endpoint: "http://127.0.0.1:9",
      log: silent,
    });
    await expect(gone.send("13800138000", "333333")).rejects.toMatchObject({ code: "network" });
  });
});

describe("SMS_PROVIDER=aliyun", () => {
  it("refuses to start without each of its settings (never a default secret)", () => {
    expect(() => loadConfig({ SMS_PROVIDER: "aliyun" })).toThrow(ConfigError);
    const partly = { SMS_PROVIDER: "aliyun", SMS_ALIYUN_ACCESS_KEY_ID: "id", SMS_ALIYUN_SIGN_NAME: "店" };
    expect(() => loadConfig(partly)).toThrow(
      "SMS_ALIYUN_ACCESS_KEY_SECRET is required with SMS_PROVIDER=aliyun",
    );
    expect(() => loadConfig(partly)).toThrow("SMS_ALIYUN_TEMPLATE_CODE is required with SMS_PROVIDER=aliyun");
    expect(() =>
      loadConfig({ ...partly, SMS_ALIYUN_ACCESS_KEY_SECRET: "s", SMS_ALIYUN_TEMPLATE_CODE: "1234" }),
    ).toThrow("SMS_ALIYUN_TEMPLATE_CODE must look like SMS_123456789");
    expect(loadConfig({}).SMS_PROVIDER).toBe("log");
  });

  it("sends the login code through the fake, answers delivery sms, and 4712 when the gateway refuses", async () => {
    const fake = await fakeAliyunSms();
    const app = await startTestApp("pglite", {
      env: {
        SMS_PROVIDER: "aliyun",
        SMS_ALIYUN_ACCESS_KEY_ID: fake.accessKeyId,
        SMS_ALIYUN_ACCESS_KEY_SECRET: fake.accessKeySecret,
        SMS_ALIYUN_SIGN_NAME: "桌边点餐",
        SMS_ALIYUN_TEMPLATE_CODE: "SMS_987654321",
        SMS_ALIYUN_ENDPOINT: fake.url,
      },
    });
    try {
      const [restaurant] = (await app.db.select().from(restaurants)).filter((r) => r.name === "江南食府");
      if (!restaurant) throw new Error("no 江南食府");
      const diner = new MemberBrowser(app, restaurant.id, "new", randomUUID());
      const phone = freshPhone();
      const asked = await diner.askCode(phone);
      expect(asked.json()).toMatchObject({ code: 200, data: { delivery: "sms" } });
      const code = fake.sent.at(-1)?.templateParam.code;
      expect(fake.sent.at(-1)?.phone).toBe(phone);
      const login = await diner.post(memberPaths("new").cardLogin, { phone, code: code ?? "" });
      expect(login.json()).toMatchObject({ code: 200, success: true });

      fake.refuse = { code: "isv.MOBILE_NUMBER_ILLEGAL", message: "非法手机号" };
      const refused = await diner.askCode(freshPhone());
      expect([refused.statusCode, refused.json().code]).toEqual([502, 4712]);
    } finally {
      await app.close();
      await fake.close();
    }
  });
});
