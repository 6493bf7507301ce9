/**
 * The member calls (001 §7): both families' from one registration over core's memberPaths(family), the
 * new family's open-card coupons, the old family's campaigns, and the visitor's member-ship,
 * token-refresh and phone. Each parses with core's schema, checks who asks, and calls one function:
 * the family calls ask the restaurant's member store (port.ts: the built-in one or a CRM's plug-in); the
 * login, the member session and the card a visitor chose are Tablemate's.
 * Answers carry code 200 (100201 and 100801 where 001 §8 says: answers, not refusals).
 */
import {
  CARD_HISTORIES,
  campaignTakeBodySchema,
  cardActivateBodySchema,
  cardHistoryQuerySchema,
  cardLoginBodySchema,
  couponsQuerySchema,
  equitiesQuerySchema,
  loginCodeBodySchema,
  MEMBER_API,
  MEMBER_CODES,
  type MemberFamily,
  memberCardIdParamSchema,
  memberIdParamSchema,
  memberPaths,
  memberRidQuerySchema,
  memberShipBodySchema,
  memberUpdateBodySchema,
  NO_CARDS_MESSAGE,
  openCardCouponsQuerySchema,
  tokenRefreshQuerySchema,
} from "@tablemate/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import { requireVisitor } from "../../security/visitor.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { SEND_RATE } from "../verification/routes.js";
import { ownMemberId, withMemberCards } from "./access.js";
import { chooseCard } from "./choice.js";
import { cardLogin, type LoginDeps, memberLogout, sendLoginCode } from "./login.js";
import { presentCard } from "./present.js";
import { optionalMember, refreshMemberToken, requireMember } from "./session.js";

export type MemberDeps = LoginDeps;

/** One family's calls (the same sub-paths in both, 001 §7), each asking the restaurant's member store (port.ts). */
function familyRoutes(app: FastifyInstance, deps: MemberDeps, family: MemberFamily): void {
  const { stores } = deps;
  const paths = memberPaths(family);
  /** the restaurant's store (10025 unless of this family) and the logged-in member there */
  const memberAt = async (request: FastifyRequest, rid: number) => {
    const store = await stores.at(rid, family);
    return { store, member: await requireMember(deps, request, rid) };
  };

  app.get(paths.membersPhone, async (request) => {
    const { rid } = parse(memberRidQuerySchema, request.query);
    const { member } = await memberAt(request, rid);
    return ok({ memberId: member.memberId, phone: member.phone }, 200);
  });

  app.post(paths.loginCode, { config: { rateLimit: SEND_RATE } }, async (request) => {
    const body = parse(loginCodeBodySchema, request.body);
    return ok(await sendLoginCode(deps, family, body, request.ip), 200, "验证码已发送");
  });

  app.get(paths.member(":memberId"), async (request) => {
    const { memberId } = parse(memberIdParamSchema, request.params);
    const { rid } = parse(memberRidQuerySchema, request.query);
    const { store, member } = await memberAt(request, rid);
    ownMemberId(member, memberId);
    const info = await store.memberInfo(member);
    return info ? ok(info, 200) : ok(null, MEMBER_CODES.memberInfoEmpty, "暂无会员信息");
  });

  app.post(paths.member(":memberId"), async (request) => {
    const { memberId } = parse(memberIdParamSchema, request.params);
    const { guid, rid, memberId: named, ...change } = parse(memberUpdateBodySchema, request.body);
    requireVisitor(deps.signer, request, guid);
    const { store, member } = await memberAt(request, rid);
    ownMemberId(member, memberId);
    ownMemberId(member, named);
    const { info, changed } = await store.updateMemberInfo(member, change);
    return changed ? ok(info, 200) : ok(info, MEMBER_CODES.memberUnchanged, "会员信息未变化");
  });

  app.get(paths.rechargeRules, async (request) => {
    const { rid } = parse(memberRidQuerySchema, request.query);
    return ok(await (await stores.at(rid, family)).rechargeRules(), 200);
  });

  app.get(paths.cardRights, async (request) => {
    const { rid } = parse(memberRidQuerySchema, request.query);
    return ok(await (await stores.at(rid, family)).cardRights(deps.now()), 200);
  });

  app.get(paths.cards, async (request) => {
    const { rid } = parse(memberRidQuerySchema, request.query);
    const { store, member } = await memberAt(request, rid);
    const cards = await store.cards(member);
    return cards.length === 0 ? ok(cards, 200, NO_CARDS_MESSAGE) : ok(cards, 200);
  });

  app.post(paths.cards, async (request) => {
    const { rid, cardType } = parse(cardActivateBodySchema, request.body);
    const { store, member } = await memberAt(request, rid);
    return ok(await store.activateCard(member, cardType, deps.now()), 200, "开卡成功");
  });

  app.post(paths.cardLogin, async (request) => {
    const body = parse(cardLoginBodySchema, request.body);
    const guid = requireVisitor(deps.signer, request);
    return ok(await cardLogin(deps, family, body, guid), 200, "登录成功");
  });

  // no family or restaurant check: a diner can always log out
  app.post(paths.logout, async (request) => {
    const { rid } = parse(memberRidQuerySchema, request.body);
    const guid = requireVisitor(deps.signer, request);
    await memberLogout(deps, request, { guid, rid });
    return ok(null, 200, "已退出登录");
  });

  app.get(paths.equities, async (request) => {
    const { rid, cardId } = parse(equitiesQuerySchema, request.query);
    const { store, member } = await memberAt(request, rid);
    return ok(await store.equities(member, cardId, deps.now()), 200);
  });

  // the member's own card's history, balance or points (ours, issue 25): 1403 another's card, 100002 another restaurant's
  for (const history of CARD_HISTORIES) {
    app.get(history === "balance" ? paths.balanceHistory : paths.pointsHistory, async (request) => {
      const { rid, ...query } = parse(cardHistoryQuerySchema, request.query);
      const { store, member } = await memberAt(request, rid);
      return ok(await store.history(member, history, query), 200);
    });
  }

  app.get(paths.coupons, async (request) => {
    const { rid, memberId, ...page } = parse(couponsQuerySchema, request.query);
    const { store, member } = await memberAt(request, rid);
    ownMemberId(member, memberId);
    return ok(await store.coupons(member, page, deps.now()), 200);
  });

  app.get(paths.card(":memberCardId"), async (request) => {
    const { memberCardId } = parse(memberCardIdParamSchema, request.params);
    const { rid } = parse(memberRidQuerySchema, request.query);
    const { store, member } = await memberAt(request, rid);
    return ok(await store.card(member, memberCardId), 200);
  });
}

export function memberRoutes(app: FastifyInstance, deps: MemberDeps): void {
  const { db, stores } = deps;
  familyRoutes(app, deps, "new");
  familyRoutes(app, deps, "old");

  // the new family only: the new-member dialog's coupons (no login: it is shown to diners without a card)
  app.get(MEMBER_API.openCardCoupons, async (request) => {
    const { rid, type } = parse(openCardCouponsQuerySchema, request.query);
    return ok(await (await stores.at(rid, "new")).openCardCoupons(type), 200);
  });

  // the old family only
  app.get(MEMBER_API.campaigns, async (request) => {
    const { rid } = parse(memberRidQuerySchema, request.query);
    const store = await stores.at(rid, "old");
    const member = await optionalMember(deps, request, rid);
    return ok(await store.campaigns(member, deps.now()), 200);
  });

  app.post(MEMBER_API.couponsGive, async (request) => {
    const { rid, ...take } = parse(campaignTakeBodySchema, request.body);
    const store = await stores.at(rid, "old");
    const member = await requireMember(deps, request, rid);
    return ok(await store.takeCampaignCoupon(member, take, deps.now()), 200);
  });

  app.post(MEMBER_API.redpacketsDraw, async (request) => {
    const { rid, ...take } = parse(campaignTakeBodySchema, request.body);
    const store = await stores.at(rid, "old");
    const member = await requireMember(deps, request, rid);
    return ok(await store.drawRedpacket(member, take, deps.now()), 200);
  });

  // the visitor's, whatever the family
  app.post(MEMBER_API.memberShip, async (request) => {
    const { rid, cardId } = parse(memberShipBodySchema, request.body);
    withMemberCards(await getRestaurant(db, rid));
    const member = await requireMember(deps, request, rid);
    const card = await chooseCard(db, member, rid, cardId, deps.now());
    return ok({ cardId: card.id, card: presentCard(card, member.phone) }, 200);
  });

  app.get(MEMBER_API.tokenRefresh, async (request) => {
    const { rid } = parse(tokenRefreshQuerySchema, request.query);
    await getRestaurant(db, rid);
    return ok(await refreshMemberToken(deps, request, rid), 200);
  });

  app.get(MEMBER_API.usersPhone, async (request) => {
    const { rid } = parse(memberRidQuerySchema, request.query);
    await getRestaurant(db, rid);
    const member = await optionalMember(deps, request, rid);
    return ok({ phone: member?.phone ?? "" }, 200);
  });
}
