/**
 * The member calls (001 §7): both families' from one registration over core's memberPaths(family), the
 * new family's open-card coupons, the old family's campaigns, and the visitor's member-ship,
 * token-refresh and phone. Each parses with core's schema, checks who asks, and calls one function.
 * Answers carry code 200 (100201 and 100801 where 001 §8 says: answers, not refusals).
 */
import {
  campaignTakeBodySchema,
  cardActivateBodySchema,
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
  openCardCouponsQuerySchema,
  tokenRefreshQuerySchema,
} from "@tablemate/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import { requireVisitor } from "../../security/visitor.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { SEND_RATE } from "../verification/routes.js";
import { memberRestaurant, ownCard, ownMemberId } from "./access.js";
import { drawRedpacket, listCampaigns, takeCampaignCoupon } from "./campaigns.js";
import { activateCard, cardEquities, listCards } from "./cards.js";
import { chooseCard } from "./choice.js";
import { listCoupons, openCardCoupons } from "./coupon-list.js";
import { cardLogin, type LoginDeps, sendLoginCode } from "./login.js";
import { memberInfo, updateMemberInfo } from "./member-info.js";
import { presentCard } from "./present.js";
import { cardRights, rechargeRuleViews } from "./programme.js";
import { optionalMember, refreshMemberToken, requireMember } from "./session.js";

export type MemberDeps = LoginDeps;

/** One family's calls (the same sub-paths in both, 001 §7), each first checking the restaurant is of the family. */
function familyRoutes(app: FastifyInstance, deps: MemberDeps, family: MemberFamily): void {
  const { db } = deps;
  const paths = memberPaths(family);
  /** the restaurant of the call (10025 unless of this family with cards) and the logged-in member there */
  const memberAt = async (request: FastifyRequest, rid: number) => {
    const at = await memberRestaurant(db, rid, family);
    return { ...at, member: await requireMember(deps, request, rid) };
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
    const { member } = await memberAt(request, rid);
    ownMemberId(member, memberId);
    const info = await memberInfo(db, member);
    return info ? ok(info, 200) : ok(null, MEMBER_CODES.memberInfoEmpty, "暂无会员信息");
  });

  app.post(paths.member(":memberId"), async (request) => {
    const { memberId } = parse(memberIdParamSchema, request.params);
    const body = parse(memberUpdateBodySchema, request.body);
    requireVisitor(deps.signer, request, body.guid);
    const { member } = await memberAt(request, body.rid);
    ownMemberId(member, memberId);
    ownMemberId(member, body.memberId);
    const { info, changed } = await updateMemberInfo(db, member, body);
    return changed ? ok(info, 200) : ok(info, MEMBER_CODES.memberUnchanged, "会员信息未变化");
  });

  app.get(paths.rechargeRules, async (request) => {
    const { rid } = parse(memberRidQuerySchema, request.query);
    await memberRestaurant(db, rid, family);
    return ok(await rechargeRuleViews(db, rid), 200);
  });

  app.get(paths.cardRights, async (request) => {
    const { rid } = parse(memberRidQuerySchema, request.query);
    return ok(cardRights(await memberRestaurant(db, rid, family), deps.now()), 200);
  });

  app.get(paths.cards, async (request) => {
    const { rid } = parse(memberRidQuerySchema, request.query);
    const { member } = await memberAt(request, rid);
    return ok(await listCards(db, member, rid), 200);
  });

  app.post(paths.cards, async (request) => {
    const { rid, cardType } = parse(cardActivateBodySchema, request.body);
    const { member, ...at } = await memberAt(request, rid);
    return ok(await activateCard(db, member, at, cardType, deps.now()), 200, "开卡成功");
  });

  app.post(paths.cardLogin, async (request) => {
    const body = parse(cardLoginBodySchema, request.body);
    const guid = requireVisitor(deps.signer, request);
    return ok(await cardLogin(deps, family, body, guid), 200, "登录成功");
  });

  app.get(paths.equities, async (request) => {
    const { rid, cardId } = parse(equitiesQuerySchema, request.query);
    const { member, restaurant } = await memberAt(request, rid);
    const card = await ownCard(db, member, rid, cardId);
    return ok(await cardEquities(db, card, restaurant, deps.now()), 200);
  });

  app.get(paths.coupons, async (request) => {
    const query = parse(couponsQuerySchema, request.query);
    const { member, restaurant } = await memberAt(request, query.rid);
    return ok(await listCoupons(db, member, query, deps.now(), restaurant.timezone), 200);
  });

  app.get(paths.card(":memberCardId"), async (request) => {
    const { memberCardId } = parse(memberCardIdParamSchema, request.params);
    const { rid } = parse(memberRidQuerySchema, request.query);
    const { member } = await memberAt(request, rid);
    return ok(presentCard(await ownCard(db, member, rid, memberCardId), member.phone), 200);
  });
}

export function memberRoutes(app: FastifyInstance, deps: MemberDeps): void {
  const { db } = deps;
  familyRoutes(app, deps, "new");
  familyRoutes(app, deps, "old");

  // the new family only: the new-member dialog's coupons (no login: it is shown to diners without a card)
  app.get(MEMBER_API.openCardCoupons, async (request) => {
    const { rid, type } = parse(openCardCouponsQuerySchema, request.query);
    await memberRestaurant(db, rid, "new");
    return ok(await openCardCoupons(db, rid, type), 200);
  });

  // the old family only
  app.get(MEMBER_API.campaigns, async (request) => {
    const { rid } = parse(memberRidQuerySchema, request.query);
    const { restaurant } = await memberRestaurant(db, rid, "old");
    const member = await optionalMember(deps, request, rid);
    return ok(await listCampaigns(db, rid, member, deps.now(), restaurant.timezone), 200);
  });

  app.post(MEMBER_API.couponsGive, async (request) => {
    const body = parse(campaignTakeBodySchema, request.body);
    const { restaurant } = await memberRestaurant(db, body.rid, "old");
    const member = await requireMember(deps, request, body.rid);
    return ok(await takeCampaignCoupon(db, member, body, deps.now(), restaurant.timezone), 200);
  });

  app.post(MEMBER_API.redpacketsDraw, async (request) => {
    const body = parse(campaignTakeBodySchema, request.body);
    await memberRestaurant(db, body.rid, "old");
    const member = await requireMember(deps, request, body.rid);
    return ok(await drawRedpacket(db, member, body, deps.now()), 200);
  });

  // the visitor's, whatever the family
  app.post(MEMBER_API.memberShip, async (request) => {
    const { rid, cardId } = parse(memberShipBodySchema, request.body);
    await getRestaurant(db, rid);
    const member = await requireMember(deps, request, rid);
    const card = await chooseCard(db, member, rid, cardId, deps.now());
    return ok({ cardId: card.id, card: presentCard(card, member.phone) }, 200);
  });

  app.get(MEMBER_API.tokenRefresh, async (request) => {
    const { rid, token } = parse(tokenRefreshQuerySchema, request.query);
    await getRestaurant(db, rid);
    return ok(await refreshMemberToken(deps, request, { rid, token }), 200);
  });

  app.get(MEMBER_API.usersPhone, async (request) => {
    const { rid } = parse(memberRidQuerySchema, request.query);
    await getRestaurant(db, rid);
    const member = await optionalMember(deps, request, rid);
    return ok({ phone: member?.phone ?? "" }, 200);
  });
}
