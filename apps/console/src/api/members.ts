import {
  type AdjustmentBody,
  API,
  adjustmentAnswerSchema,
  type CardStatusBody,
  type CardTypeBody,
  type CardTypeEdit,
  type CouponTemplateBody,
  consoleCardSchema,
  consoleCardTypeListSchema,
  consoleCardTypeSchema,
  consoleOfferListSchema,
  consoleOfferSchema,
  consoleRechargeRuleListSchema,
  consoleRechargeRuleSchema,
  couponTemplateListSchema,
  couponTemplateViewSchema,
  type DiscountOfferBody,
  givenCouponSchema,
  ledgerPageSchema,
  memberLookupAnswerSchema,
  type RechargeRuleBody,
  type RechargeRuleEdit,
} from "@tablemate/core";
import { call } from "./http.js";

/**
 * The console's member calls (core's contract/console-members.ts), each for one restaurant: bodies are
 * the contract's input types as the forms build them, answers parsed with its schemas by call().
 */
export const membersApi = {
  lookup: (rid: number, q: string) =>
    call(API.consoleMembers(rid), memberLookupAnswerSchema, { query: { q } }),
  card: (rid: number, cardId: number) => call(API.consoleMemberCard(rid, cardId), consoleCardSchema),
  ledger: (rid: number, cardId: number, page: number, pageSize: number) =>
    call(API.consoleMemberLedger(rid, cardId), ledgerPageSchema, { query: { page, pageSize } }),
  setStatus: (rid: number, cardId: number, body: CardStatusBody) =>
    call(API.consoleMemberCardStatus(rid, cardId), consoleCardSchema, { method: "PUT", body }),
  adjust: (rid: number, cardId: number, body: AdjustmentBody) =>
    call(API.consoleMemberAdjust(rid, cardId), adjustmentAnswerSchema, { method: "POST", body }),

  templates: (rid: number) => call(API.consoleCouponTemplates(rid), couponTemplateListSchema),
  createTemplate: (rid: number, body: CouponTemplateBody) =>
    call(API.consoleCouponTemplates(rid), couponTemplateViewSchema, { method: "POST", body }),
  setTemplateEnabled: (rid: number, templateId: number, enabled: boolean) =>
    call(API.consoleCouponTemplateEnabled(rid, templateId), couponTemplateViewSchema, {
      method: "PUT",
      body: { enabled },
    }),
  give: (rid: number, templateId: number, body: { cardId: number; giveId: string }) =>
    call(API.consoleCouponGive(rid, templateId), givenCouponSchema, { method: "POST", body }),

  rules: (rid: number) => call(API.consoleRechargeRules(rid), consoleRechargeRuleListSchema),
  createRule: (rid: number, body: RechargeRuleBody) =>
    call(API.consoleRechargeRules(rid), consoleRechargeRuleSchema, { method: "POST", body }),
  editRule: (rid: number, ruleId: number, body: RechargeRuleEdit) =>
    call(API.consoleRechargeRule(rid, ruleId), consoleRechargeRuleSchema, { method: "PUT", body }),

  cardTypes: (rid: number) => call(API.consoleCardTypes(rid), consoleCardTypeListSchema),
  createCardType: (rid: number, body: CardTypeBody) =>
    call(API.consoleCardTypes(rid), consoleCardTypeSchema, { method: "POST", body }),
  editCardType: (rid: number, typeId: number, body: CardTypeEdit) =>
    call(API.consoleCardType(rid, typeId), consoleCardTypeSchema, { method: "PUT", body }),

  offers: (rid: number) => call(API.consoleDiscountOffers(rid), consoleOfferListSchema),
  createOffer: (rid: number, body: DiscountOfferBody) =>
    call(API.consoleDiscountOffers(rid), consoleOfferSchema, { method: "POST", body }),
  setOfferEnabled: (rid: number, offerId: number, enabled: boolean) =>
    call(API.consoleDiscountOfferEnabled(rid, offerId), consoleOfferSchema, {
      method: "PUT",
      body: { enabled },
    }),
};
