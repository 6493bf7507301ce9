import {
  API,
  adjustmentBodySchema,
  cardStatusBodySchema,
  cardTypeBodySchema,
  cardTypeEditSchema,
  consoleCardParamSchema,
  consoleCardTypeParamSchema,
  consoleCouponTemplateParamSchema,
  consoleOfferParamSchema,
  consoleRechargeRuleParamSchema,
  consoleRidParamSchema,
  couponTemplateBodySchema,
  discountOfferBodySchema,
  enabledBodySchema,
  giveCouponBodySchema,
  ledgerQuerySchema,
  memberLookupQuerySchema,
  rechargeRuleBodySchema,
  rechargeRuleEditSchema,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { StaffGuard } from "../staff/guard.js";
import { createCardType, editCardType, listCardTypes } from "./card-types.js";
import {
  adjustCard,
  ledgerPage,
  lookupMembers,
  type MemberAdminDeps,
  readCard,
  setCardStatus,
} from "./cards.js";
import { createTemplate, giveToCard, listTemplates, setTemplateEnabled } from "./coupons.js";
import {
  createOffer,
  createRechargeRule,
  editRechargeRule,
  listOffers,
  listRechargeRules,
  setOfferEnabled,
} from "./offers.js";

/**
 * The console's member calls (issue 19), all under `/console/api/v1/restaurants/:rid/...`: parsed
 * (400, nothing changed), then the guard (401; 403 for another restaurant or a role without the
 * permission), then the use case.
 */
export function memberAdminRoutes(app: FastifyInstance, deps: MemberAdminDeps, guard: StaffGuard): void {
  const { db } = deps;

  app.get(API.consoleMembers(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const { q } = parse(memberLookupQuerySchema, request.query);
    await guard.require(request, rid, "members.read");
    return ok(await lookupMembers(db, rid, q));
  });

  app.get(API.consoleMemberCard(":rid", ":cardId"), async (request) => {
    const { rid, cardId } = parse(consoleCardParamSchema, request.params);
    await guard.require(request, rid, "members.read");
    return ok(await readCard(db, rid, cardId));
  });

  app.get(API.consoleMemberLedger(":rid", ":cardId"), async (request) => {
    const { rid, cardId } = parse(consoleCardParamSchema, request.params);
    const query = parse(ledgerQuerySchema, request.query);
    await guard.require(request, rid, "members.read");
    return ok(await ledgerPage(db, rid, cardId, query));
  });

  app.put(API.consoleMemberCardStatus(":rid", ":cardId"), async (request) => {
    const { rid, cardId } = parse(consoleCardParamSchema, request.params);
    const body = parse(cardStatusBodySchema, request.body);
    const by = await guard.require(request, rid, "members.freeze");
    return ok(await setCardStatus(db, by, cardId, body));
  });

  app.post(API.consoleMemberAdjust(":rid", ":cardId"), async (request) => {
    const { rid, cardId } = parse(consoleCardParamSchema, request.params);
    const body = parse(adjustmentBodySchema, request.body);
    const by = await guard.require(request, rid, "members.adjust");
    return ok(await adjustCard(deps, by, cardId, body));
  });

  app.get(API.consoleCouponTemplates(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    await guard.require(request, rid, "members.write");
    return ok(await listTemplates(db, rid));
  });

  app.post(API.consoleCouponTemplates(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const body = parse(couponTemplateBodySchema, request.body);
    const by = await guard.require(request, rid, "members.write");
    return ok(await createTemplate(db, by, body, deps.now()));
  });

  app.put(API.consoleCouponTemplateEnabled(":rid", ":templateId"), async (request) => {
    const { rid, templateId } = parse(consoleCouponTemplateParamSchema, request.params);
    const { enabled } = parse(enabledBodySchema, request.body);
    const by = await guard.require(request, rid, "members.write");
    return ok(await setTemplateEnabled(db, by, templateId, enabled));
  });

  app.post(API.consoleCouponGive(":rid", ":templateId"), async (request) => {
    const { rid, templateId } = parse(consoleCouponTemplateParamSchema, request.params);
    const body = parse(giveCouponBodySchema, request.body);
    const by = await guard.require(request, rid, "members.write");
    return ok(await giveToCard(db, by, templateId, body, deps.now()));
  });

  app.get(API.consoleRechargeRules(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    await guard.require(request, rid, "members.write");
    return ok(await listRechargeRules(db, rid));
  });

  app.post(API.consoleRechargeRules(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const body = parse(rechargeRuleBodySchema, request.body);
    const by = await guard.require(request, rid, "members.write");
    return ok(await createRechargeRule(db, by, body));
  });

  app.put(API.consoleRechargeRule(":rid", ":ruleId"), async (request) => {
    const { rid, ruleId } = parse(consoleRechargeRuleParamSchema, request.params);
    const body = parse(rechargeRuleEditSchema, request.body);
    const by = await guard.require(request, rid, "members.write");
    return ok(await editRechargeRule(db, by, ruleId, body));
  });

  app.get(API.consoleCardTypes(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    await guard.require(request, rid, "members.write");
    return ok(await listCardTypes(db, rid));
  });

  app.post(API.consoleCardTypes(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const body = parse(cardTypeBodySchema, request.body);
    const by = await guard.require(request, rid, "members.write");
    return ok(await createCardType(db, by, body));
  });

  app.put(API.consoleCardType(":rid", ":typeId"), async (request) => {
    const { rid, typeId } = parse(consoleCardTypeParamSchema, request.params);
    const body = parse(cardTypeEditSchema, request.body);
    const by = await guard.require(request, rid, "members.write");
    return ok(await editCardType(db, by, typeId, body));
  });

  app.get(API.consoleDiscountOffers(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    await guard.require(request, rid, "members.write");
    return ok(await listOffers(db, rid));
  });

  app.post(API.consoleDiscountOffers(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const body = parse(discountOfferBodySchema, request.body);
    const by = await guard.require(request, rid, "members.write");
    return ok(await createOffer(db, by, body));
  });

  app.put(API.consoleDiscountOfferEnabled(":rid", ":offerId"), async (request) => {
    const { rid, offerId } = parse(consoleOfferParamSchema, request.params);
    const { enabled } = parse(enabledBodySchema, request.body);
    const by = await guard.require(request, rid, "members.write");
    return ok(await setOfferEnabled(db, by, offerId, enabled));
  });
}
