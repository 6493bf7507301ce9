import {
  CARD_HISTORIES,
  type CardHistory,
  cardActivateAnswerSchema,
  cardHistoryPageSchema,
  cardRightsSchema,
  couponPageSchema,
  equitiesSchema,
  MEMBER_CODES,
  memberCardSchema,
  memberCardsSchema,
  memberInfoSchema,
  memberPhoneAnswerSchema,
  rechargeRuleSchema,
} from "@tablemate/core";
import { expect } from "vitest";
import { z } from "zod";
import { json } from "./harness.js";
import { answerOf, expectRefusal, type MemberBrowser } from "./members.js";
import type { smsOutbox } from "./sms-outbox.js";

/** The path of a card's balance or points history in the diner's family. */
export function historyPath(diner: MemberBrowser, history: CardHistory): string {
  return history === "balance" ? diner.paths.balanceHistory : diner.paths.pointsHistory;
}

/**
 * The member calls' contract for one family, whichever store answers them (the built-in one, a CRM
 * plugged in): a new phone logs in, opens a card and uses every call of the family; each answer is
 * checked with core's schema (no field beyond it) and against the others (the card opened is the one
 * listed and read, its gifts are the coupons listed and counted, member info reads what was written).
 * Answers what the store said, for the caller's checks of its particulars.
 */
export async function familyContract(
  diner: MemberBrowser,
  outbox: ReturnType<typeof smsOutbox>,
  phone: string,
) {
  const sent = answerOf(
    await diner.askCode(phone),
    z.object({ resendAfterSeconds: z.number(), validSeconds: z.number(), delivery: z.enum(["sms", "log"]) }),
  );
  expect(sent).toEqual({ resendAfterSeconds: 60, validSeconds: 300, delivery: "sms" });

  const login = await diner.enter(outbox, phone);
  expect(login.cards).toEqual([]);
  expect(login.phone).toBe(phone);
  expect(login.token).toMatch(/^mt_[A-Za-z0-9_-]{43}$/);
  expect(answerOf(await diner.get(diner.paths.membersPhone), memberPhoneAnswerSchema)).toEqual({
    memberId: login.memberId,
    phone,
  });
  expect(answerOf(await diner.get(diner.paths.cards), memberCardsSchema)).toEqual([]);

  // activation: once; again answers the card held, with nothing given
  const opened = answerOf(await diner.post(diner.paths.cards), cardActivateAnswerSchema);
  expect(opened.opened).toBe(true);
  expect(opened.card).toMatchObject({
    memberId: login.memberId,
    status: 1,
    telPhone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
  });
  const again = answerOf(await diner.post(diner.paths.cards), cardActivateAnswerSchema);
  expect([again.opened, again.card, again.gifts]).toEqual([false, opened.card, []]);

  const cardId = opened.card.id;
  expect(answerOf(await diner.get(diner.paths.cards), memberCardsSchema)).toEqual([opened.card]);
  expect(answerOf(await diner.get(diner.paths.card(cardId)), memberCardSchema)).toEqual(opened.card);

  const equities = answerOf(await diner.get(diner.paths.equities, { cardId }), equitiesSchema);
  expect([equities.cardId, equities.couponCount]).toEqual([cardId, opened.gifts.length]);

  const usable = answerOf(
    await diner.get(diner.paths.coupons, { type: 1, page: 1, limit: 999, memberCardId: cardId }),
    couponPageSchema,
  );
  expect(usable).toEqual({ total: opened.gifts.length, list: opened.gifts });
  expect(answerOf(await diner.get(diner.paths.coupons, { type: 2 }), couponPageSchema)).toEqual({
    total: 0,
    list: [],
  });

  // member info: 100201 while empty, 100801 when an update changes nothing (answers, not refusals)
  const empty = json(await diner.get(diner.paths.member(login.memberId)));
  expect(empty).toMatchObject({ code: MEMBER_CODES.memberInfoEmpty, success: true, data: null });
  const info = {
    memberId: login.memberId,
    memberName: "李雷",
    sex: 1,
    birthDay: "1990-05-04",
    isLunar: false,
  };
  const update = { ...info, guid: diner.guid, isLunar: "false" };
  expect(answerOf(await diner.post(diner.paths.member(login.memberId), update), memberInfoSchema)).toEqual(
    info,
  );
  expect(
    answerOf(
      await diner.post(diner.paths.member(login.memberId), update),
      memberInfoSchema,
      MEMBER_CODES.memberUnchanged,
    ),
  ).toEqual(info);
  expect(answerOf(await diner.get(diner.paths.member(login.memberId)), memberInfoSchema)).toEqual(info);

  const rules = answerOf(await diner.get(diner.paths.rechargeRules), z.array(rechargeRuleSchema));
  expect(rules.map((r) => r.rechargeMoney)).toEqual(rules.map((r) => r.rechargeMoney).sort((a, b) => a - b));
  const rights = answerOf(await diner.get(diner.paths.cardRights), cardRightsSchema);

  // the card's two histories, each a page whose newest line is what the equities say
  const [balanceHistory, pointsHistory] = await Promise.all(
    CARD_HISTORIES.map(async (history) =>
      answerOf(
        await diner.get(historyPath(diner, history), { cardId, page: 1, limit: 20 }),
        cardHistoryPageSchema,
      ),
    ),
  );
  expect(balanceHistory).toMatchObject({ history: "balance", page: 1, limit: 20 });
  expect(pointsHistory?.list[0]?.after ?? 0).toBe(equities.points);
  return { login, opened, equities, rules, rights, balanceHistory, pointsHistory };
}

/**
 * A member reaches only their own: another member's card (or a card nobody holds) is 1403 wherever it
 * is named, and so is another member's id, in a path or a query.
 */
export async function expectOthersRefused(
  diner: MemberBrowser,
  others: { cardIds: number[]; memberId: number },
): Promise<void> {
  for (const cardId of others.cardIds) {
    expectRefusal(await diner.get(diner.paths.card(cardId)), 403, MEMBER_CODES.cardQueryFailed);
    expectRefusal(await diner.get(diner.paths.equities, { cardId }), 403, MEMBER_CODES.cardQueryFailed);
    for (const history of CARD_HISTORIES)
      expectRefusal(
        await diner.get(historyPath(diner, history), { cardId }),
        403,
        MEMBER_CODES.cardQueryFailed,
      );
    expectRefusal(
      await diner.get(diner.paths.coupons, { memberCardId: cardId }),
      403,
      MEMBER_CODES.cardQueryFailed,
    );
  }
  expectRefusal(await diner.get(diner.paths.member(others.memberId)), 403, MEMBER_CODES.cardQueryFailed);
  expectRefusal(
    await diner.post(diner.paths.member(others.memberId), { memberId: others.memberId, memberName: "x" }),
    403,
    MEMBER_CODES.cardQueryFailed,
  );
  expectRefusal(
    await diner.get(diner.paths.coupons, { memberId: others.memberId }),
    403,
    MEMBER_CODES.cardQueryFailed,
  );
}
