import { randomUUID } from "node:crypto";
import { rechargePaySign } from "@tablemate/client";
import { MEMBER_API, MEMBER_CODES, VERSION_GATES } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberChoices, memberRecharges, payIntents, restaurants } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { asVisitor, json, startTestApp, type TestApp } from "./support/harness.js";
import { expectRefusal, freshPhone, MemberBrowser } from "./support/members.js";
import { smsOutbox } from "./support/sms-outbox.js";

/** the version just below memberPay's 2.20.00 (001 §9) */
const BELOW = "2.19.00";

/**
 * member.version-gate (spec 001 §5, §9): card use and every member feature need the register at
 * memberPay 2.20.00. Below it the restaurant has no members at all: the login code, card login, the
 * card types, 开通会员, the open-card coupons, member-ship and a recharge are each refused with
 * 10025 and write nothing; at 2.20.00 the same member logs in and recharges.
 */
describe.each(BACKENDS)("the member features' register gate on %s", (backend) => {
  let app: TestApp;
  const outbox = smsOutbox();
  /** 江南食府: the new member system, recharge open */
  let rid = 0;
  let version = "";

  beforeAll(async () => {
    app = await startTestApp(backend, { smsSender: outbox.sender });
    const found = (await app.db.select().from(restaurants)).find((r) => r.name === "江南食府");
    if (!found) throw new Error("no demo restaurant 江南食府");
    rid = found.id;
    version = found.serverVersion ?? "";
  });
  afterAll(() => app.close());

  const register = (serverVersion: string) =>
    app.db.update(restaurants).set({ serverVersion }).where(eq(restaurants.id, rid));

  /** a recharge-prepay of ¥200 as the recharge page signs it */
  const recharge = (diner: MemberBrowser, cardId: number) => {
    const body = { rid, cardId, rechargeMoney: 20_000, timestamp: Date.now() };
    const token = diner.memberToken ?? "";
    return app.server.inject({
      method: "POST",
      url: MEMBER_API.rechargePrepay,
      headers: {
        ...asVisitor(diner.guid),
        "member-token": token,
        paysign: rechargePaySign(token, body),
        "content-type": "application/json",
      },
      payload: body,
    });
  };

  const written = async () => ({
    recharges: (await app.db.select().from(memberRecharges)).length,
    intents: (await app.db.select().from(payIntents)).length,
    choices: (await app.db.select().from(memberChoices)).length,
  });

  it("refuses every member call below 2.20.00 with 10025, writing nothing, and serves them from 2.20.00", async () => {
    // a member who logged in and opened a card while the register was current
    const diner = new MemberBrowser(app, rid, "new", randomUUID());
    const phone = freshPhone("1392");
    await diner.login(outbox, phone);
    const opened = json(await diner.post(diner.paths.cards));
    expect(opened.code, JSON.stringify(opened)).toBe(200);
    const cardId = (opened.data as { card: { id: number } }).card.id;

    await register(BELOW);
    try {
      const before = await written();
      const newcomer = new MemberBrowser(app, rid, "new", randomUUID());
      const refused = [
        await newcomer.askCode(freshPhone("1392")),
        await diner.post(diner.paths.cardLogin, { phone, code: "000000" }),
        await diner.get(diner.paths.cardRights),
        await diner.get(diner.paths.cards),
        await diner.post(diner.paths.cards),
        await diner.get(diner.paths.equities, { cardId }),
        await diner.get(MEMBER_API.openCardCoupons, { type: "all" }),
        await diner.post(MEMBER_API.memberShip, { cardId }),
        await recharge(diner, cardId),
      ];
      for (const answer of refused) expectRefusal(answer, 403, MEMBER_CODES.noCardRight);
      expect(refused.map((answer) => json(answer).message)).toEqual(
        refused.map(() => "本店暂不支持会员服务"),
      );
      expect(await written()).toEqual(before);
    } finally {
      await register(version);
    }

    // at the gate itself the same calls are served
    await register(VERSION_GATES.memberPay);
    try {
      expect(json(await diner.get(diner.paths.cards)).code).toBe(200);
      const started = json(await recharge(diner, cardId));
      expect(started.code, JSON.stringify(started)).toBe(1000);
    } finally {
      await register(version);
    }
  });
});
