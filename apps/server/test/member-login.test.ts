import { randomUUID } from "node:crypto";
import {
  API,
  cardActivateAnswerSchema,
  MEMBER_API,
  MEMBER_CODES,
  memberShipAnswerSchema,
  PHONE_CODE,
  tokenRefreshAnswerSchema,
  userInfoSchema,
} from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memberSessions, phoneCodes, restaurants } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { form, json, startTestApp, type TestApp } from "./support/harness.js";
import {
  answerOf,
  expectRefusal,
  expectShape,
  freshAddress,
  freshPhone,
  MemberBrowser,
} from "./support/members.js";
import { smsOutbox } from "./support/sms-outbox.js";

const HOUR_MS = 3_600_000;
const RESTAURANT = { new: "江南食府", old: "川味小馆" } as const;

/** A code that is not `code` (the next six digits round). */
const wrongFor = (code: string) =>
  String((Number(code) + 1) % 10 ** PHONE_CODE.digits).padStart(PHONE_CODE.digits, "0");

describe.each(BACKENDS)("member login and tokens on %s", (backend) => {
  let app: TestApp;
  const outbox = smsOutbox();
  /** the server's clock runs this far ahead of the machine's */
  let ahead = 0;
  let rids: Record<"new" | "old", number>;
  let takeoutRid: number;

  beforeAll(async () => {
    app = await startTestApp(backend, { smsSender: outbox.sender, now: () => new Date(Date.now() + ahead) });
    const all = await app.db.select().from(restaurants);
    const id = (name: string) => {
      const found = all.find((r) => r.name === name)?.id;
      if (!found) throw new Error(`no demo restaurant ${name}`);
      return found;
    };
    rids = { new: id(RESTAURANT.new), old: id(RESTAURANT.old) };
    takeoutRid = id("外送小厨");
  });
  afterAll(() => app.close());
  beforeEach(() => {
    ahead = 0;
    outbox.state.failing = false;
  });

  describe.each(["new", "old"] as const)("the %s family", (family) => {
    const browser = (address?: string) => new MemberBrowser(app, rids[family], family, randomUUID(), address);

    it("answers a code request the same whether or not the phone is a member", async () => {
      const member = freshPhone();
      await browser().login(outbox, member);
      ahead += 61_000;
      const known = await browser().askCode(member);
      const unknown = await browser().askCode(freshPhone());
      expect(known.statusCode).toBe(200);
      expect([unknown.statusCode, json(unknown)]).toEqual([known.statusCode, json(known)]);
    });

    it("burns a code after 5 wrong tries (1422 each): the 6th, with the right code, is 1416", async () => {
      const diner = browser();
      const phone = freshPhone();
      await diner.askCode(phone);
      const right = outbox.codeFor(phone);
      for (let i = 0; i < PHONE_CODE.maxAttempts; i++)
        expectRefusal(
          await diner.post(diner.paths.cardLogin, { phone, code: wrongFor(right) }),
          422,
          MEMBER_CODES.codeWrong,
        );
      expectRefusal(
        await diner.post(diner.paths.cardLogin, { phone, code: right }),
        422,
        MEMBER_CODES.codeAuthFailed,
      );
      expect(diner.memberToken).toBeNull();
      const sessions = await app.db.select().from(memberSessions).where(eq(memberSessions.guid, diner.guid));
      expect(sessions).toEqual([]);
      // a new code, after the minute, logs in
      ahead += 61_000;
      await diner.login(outbox, phone);
    });

    it("takes guesses sent at once against the tries left, never more", async () => {
      const diner = browser();
      const phone = freshPhone();
      await diner.askCode(phone);
      const right = outbox.codeFor(phone);
      const guesses = await Promise.all(
        Array.from({ length: 12 }, () => diner.post(diner.paths.cardLogin, { phone, code: wrongFor(right) })),
      );
      expect(guesses.filter((g) => json(g).code === MEMBER_CODES.codeWrong)).toHaveLength(
        PHONE_CODE.maxAttempts,
      );
      expect(guesses.filter((g) => json(g).code === MEMBER_CODES.codeAuthFailed)).toHaveLength(
        12 - PHONE_CODE.maxAttempts,
      );
      expectRefusal(
        await diner.post(diner.paths.cardLogin, { phone, code: right }),
        422,
        MEMBER_CODES.codeAuthFailed,
      );
    });

    it("refuses an empty code (1418), a phone sent none (1416), a code used once already, an expired one", async () => {
      const diner = browser();
      const phone = freshPhone();
      expectRefusal(
        await diner.post(diner.paths.cardLogin, { phone, code: "" }),
        400,
        MEMBER_CODES.codeEmpty,
      );
      expectRefusal(
        await diner.post(diner.paths.cardLogin, { phone, code: "123456" }),
        422,
        MEMBER_CODES.codeAuthFailed,
      );
      await diner.login(outbox, phone);
      // the code that logged in is used up
      const other = browser();
      expectRefusal(
        await other.post(other.paths.cardLogin, { phone, code: outbox.codeFor(phone) }),
        422,
        MEMBER_CODES.codeAuthFailed,
      );
      // a code past its 5 minutes
      ahead += 61_000;
      await other.askCode(phone);
      ahead += PHONE_CODE.validSeconds * 1000 + 1000;
      expectRefusal(
        await other.post(other.paths.cardLogin, { phone, code: outbox.codeFor(phone) }),
        422,
        MEMBER_CODES.codeAuthFailed,
      );
    });

    it("keeps only the latest code: the one it replaced is wrong (1422), the new one logs in", async () => {
      const diner = browser();
      const phone = freshPhone();
      await diner.askCode(phone);
      const first = outbox.codeFor(phone);
      ahead += 61_000;
      await diner.askCode(phone);
      const second = outbox.codeFor(phone);
      if (first === second) return; // one chance in a million: nothing to tell apart
      expectRefusal(
        await diner.post(diner.paths.cardLogin, { phone, code: first }),
        422,
        MEMBER_CODES.codeWrong,
      );
      await diner.enter(outbox, phone);
      expect(diner.memberToken).not.toBeNull();
    });

    it("refuses a resend within 60 s (8001 with the seconds left), and keeps only the code's HMAC", async () => {
      const diner = browser();
      const phone = freshPhone();
      await diner.askCode(phone);
      const [row] = await app.db
        .select()
        .from(phoneCodes)
        .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, "login")));
      expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.codeHash).not.toContain(outbox.codeFor(phone));
      const sent = outbox.sent.length;
      ahead = (PHONE_CODE.resendSeconds - 1) * 1000;
      const again = await diner.askCode(phone);
      expectRefusal(again, 429, 8001);
      expect(json(again).message).toBe("请1秒后再获取验证码");
      expect(outbox.sent.length).toBe(sent);
      ahead = PHONE_CODE.resendSeconds * 1000;
      expect(json(await diner.askCode(phone)).code).toBe(200);
    });

    it("caps codes to a phone at 10 a day, login and takeout together (4710)", async () => {
      const phone = freshPhone();
      for (let i = 0; i < PHONE_CODE.perPhoneDaily; i++) {
        expect(json(await browser().askCode(phone)).code, `send ${i + 1}`).toBe(200);
        ahead += 61_000;
      }
      expectRefusal(await browser().askCode(phone), 429, 4710);
      // the takeout code of another restaurant counts against the same phone
      const takeout = await app.server.inject({
        method: "POST",
        url: API.phoneCode,
        ...form({ rid: takeoutRid, phone }, randomUUID()),
        remoteAddress: freshAddress(),
      });
      expectRefusal(takeout, 429, 4710);
      ahead += 24 * HOUR_MS;
      expect(json(await browser().askCode(phone)).code).toBe(200);
    });

    it("caps codes asked from one address at 30 an hour, whatever the phones (4711)", async () => {
      const address = freshAddress();
      for (let i = 0; i < PHONE_CODE.perAddressHourly; i++)
        expect(json(await browser(address).askCode(freshPhone())).code, `send ${i + 1}`).toBe(200);
      const phone = freshPhone();
      expectRefusal(await browser(address).askCode(phone), 429, 4711);
      // the refusal wrote no code: the phone may ask from elsewhere at once
      expect(json(await browser().askCode(phone)).code).toBe(200);
      ahead += HOUR_MS;
      expect(json(await browser(address).askCode(freshPhone())).code).toBe(200);
    });

    it("answers 4712 when the gateway refuses the message, and the phone may ask again at once", async () => {
      const diner = browser();
      const phone = freshPhone();
      outbox.state.failing = true;
      expectRefusal(await diner.askCode(phone), 502, 4712);
      outbox.state.failing = false;
      await diner.login(outbox, phone);
    });

    it("expires a token after 2 hours (1991); a refresh gives one that works, the old one is 1990 and cannot refresh (1001)", async () => {
      const diner = browser();
      const login = await diner.login(outbox, freshPhone());
      expect(Math.abs(login.expiresAt - (Date.now() + ahead + 2 * HOUR_MS))).toBeLessThan(5000);
      ahead += 2 * HOUR_MS + 1000;
      expectRefusal(await diner.get(diner.paths.cards), 401, MEMBER_CODES.tokenExpired);
      const refreshed = answerOf(await diner.refresh(login.token), tokenRefreshAnswerSchema);
      expect(refreshed.token).not.toBe(login.token);
      diner.memberToken = refreshed.token;
      expect(json(await diner.get(diner.paths.cards)).code).toBe(200);
      diner.memberToken = login.token;
      expectRefusal(await diner.get(diner.paths.cards), 401, MEMBER_CODES.loginNeeded);
      expectRefusal(await diner.refresh(login.token), 401, MEMBER_CODES.refreshRefused);
    });

    it("refuses another visitor's refresh (1001) and use (1990) of a token", async () => {
      const diner = browser();
      const login = await diner.login(outbox, freshPhone());
      // a token in the URL is not read (URLs are logged): the header is the only way it travels
      const held = diner.memberToken;
      diner.memberToken = null;
      expectRefusal(
        await diner.get(MEMBER_API.tokenRefresh, { token: login.token }),
        401,
        MEMBER_CODES.refreshRefused,
      );
      diner.memberToken = held;
      const thief = browser();
      expectRefusal(await thief.refresh(login.token), 401, MEMBER_CODES.refreshRefused);
      thief.memberToken = login.token;
      expectRefusal(await thief.get(thief.paths.cards), 401, MEMBER_CODES.loginNeeded);
      expectRefusal(await thief.get(MEMBER_API.usersPhone), 401, MEMBER_CODES.loginNeeded);
      // the owner's token still works
      expect(json(await diner.get(diner.paths.cards)).code).toBe(200);
      // an unknown token
      expectRefusal(await diner.refresh("mt_nothing"), 401, MEMBER_CODES.refreshRefused);
    });

    it("logs out: the token refused at once (1990), never refreshed (1001), the card chosen here forgotten; again, the same answer", async () => {
      const diner = browser();
      const login = await diner.login(outbox, freshPhone());
      const { card } = answerOf(await diner.post(diner.paths.cards), cardActivateAnswerSchema);
      answerOf(await diner.post(MEMBER_API.memberShip, { cardId: card.id }), memberShipAnswerSchema);
      const chosen = async () => expectShape(userInfoSchema, json(await diner.get(API.userInfo)).message);
      expect((await chosen()).memberCardId).toBe(card.id);
      // the same member on another browser, and a thief logging out with the token: neither ends this login
      const elsewhere = browser();
      ahead += 61_000;
      await elsewhere.login(outbox, login.phone);
      const thief = browser();
      thief.memberToken = login.token;
      const loggedOut = { code: 200, success: true, data: null, message: "已退出登录" };
      expect(json(await thief.post(thief.paths.logout))).toEqual(loggedOut);
      expect(json(await diner.get(diner.paths.cards)).code).toBe(200);

      expect(json(await diner.post(diner.paths.logout))).toEqual(loggedOut);
      expectRefusal(await diner.get(diner.paths.cards), 401, MEMBER_CODES.loginNeeded);
      expectRefusal(await diner.refresh(login.token), 401, MEMBER_CODES.refreshRefused);
      expect((await chosen()).memberCardId).toBeNull();
      expect(json(await diner.post(diner.paths.logout))).toEqual(loggedOut);
      diner.memberToken = null;
      expect(json(await diner.post(diner.paths.logout))).toEqual(loggedOut);
      expect(json(await elsewhere.get(elsewhere.paths.cards)).code).toBe(200);
    });

    it("refreshes a login's tokens for 30 days only, and two refreshes of one token at once give one token", async () => {
      const diner = browser();
      const login = await diner.login(outbox, freshPhone());
      const both = await Promise.all([diner.refresh(login.token), diner.refresh(login.token)]);
      expect(both.map((r) => json(r).code).sort()).toEqual([MEMBER_CODES.refreshRefused, 200].sort());
      const next = both.find((r) => json(r).code === 200);
      if (!next) throw new Error("no refresh won");
      const { token } = answerOf(next, tokenRefreshAnswerSchema);
      ahead += 30 * 24 * HOUR_MS;
      expectRefusal(await diner.refresh(token), 401, MEMBER_CODES.refreshRefused);
    });
  });
});
