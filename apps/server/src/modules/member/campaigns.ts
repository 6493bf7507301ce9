/**
 * The old member system's campaigns (001 §7 oldcrm campaigns, coupons/give, redpackets/draw): a coupon
 * campaign puts its template's coupon on the caller's card, a red-packet campaign draws gift money
 * between its bounds onto it; each once per card and campaign (the coupon's give key
 * `campaign:<id>`, the ledger's event key `redpacket:<id>`), a second take answering the first.
 */
import { randomInt } from "node:crypto";
import {
  AppError,
  CAMPAIGN_KIND,
  type Campaign,
  type CampaignTakeBody,
  formatDateTime,
  type Voucher,
} from "@tablemate/core";
import { and, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { couponTemplates, dishes, memberCampaigns, memberCoupons, memberLedger } from "../../db/schema.js";
import { ownCard } from "./access.js";
import { cardBalance } from "./audit.js";
import { couponVouchers } from "./coupon-list.js";
import { giveCoupon } from "./coupons.js";
import { cardsOf } from "./members.js";
import type { MemberOfCall } from "./port.js";
import { minFeeOf } from "./present.js";
import { postEntry } from "./stored-value.js";

type CampaignRow = typeof memberCampaigns.$inferSelect;

const giveKeyOf = (campaignId: number) => `campaign:${campaignId}`;
const drawKeyOf = (campaignId: number) => `redpacket:${campaignId}`;

/** Switched on and between its start and end (either open). */
const running = (now: Date) =>
  and(
    eq(memberCampaigns.enabled, true),
    or(isNull(memberCampaigns.startsAt), lte(memberCampaigns.startsAt, now)),
    or(isNull(memberCampaigns.endsAt), gt(memberCampaigns.endsAt, now)),
  );

/** Which of the campaigns a member's cards here took already (coupons given, red packets drawn). */
async function takenBy(db: Db, cardIds: number[], campaignIds: number[]): Promise<Set<number>> {
  if (cardIds.length === 0 || campaignIds.length === 0) return new Set();
  const [given, drawn] = await Promise.all([
    db
      .select({ key: memberCoupons.giveKey })
      .from(memberCoupons)
      .where(
        and(
          inArray(memberCoupons.cardId, cardIds),
          inArray(memberCoupons.giveKey, campaignIds.map(giveKeyOf)),
        ),
      ),
    db
      .select({ key: memberLedger.eventKey })
      .from(memberLedger)
      .where(
        and(
          inArray(memberLedger.cardId, cardIds),
          inArray(memberLedger.eventKey, campaignIds.map(drawKeyOf)),
        ),
      ),
  ]);
  return new Set([...given, ...drawn].map((row) => Number(row.key.split(":")[1])));
}

/** GET campaigns: the restaurant's running campaigns, each saying whether the logged-in member took it. */
export async function listCampaigns(
  db: Db,
  rid: number,
  member: MemberOfCall | null,
  now: Date,
  timeZone: string,
): Promise<Campaign[]> {
  const rows = await db
    .select({ campaign: memberCampaigns, template: couponTemplates, dishName: dishes.name })
    .from(memberCampaigns)
    .leftJoin(couponTemplates, eq(couponTemplates.id, memberCampaigns.templateId))
    .leftJoin(dishes, eq(dishes.id, couponTemplates.dishId))
    .where(and(eq(memberCampaigns.restaurantId, rid), running(now)))
    .orderBy(memberCampaigns.id);
  const cardIds = member ? (await cardsOf(db, member.memberId, rid)).map((card) => card.id) : [];
  const taken = await takenBy(
    db,
    cardIds,
    rows.map((row) => row.campaign.id),
  );
  const time = (at: Date | null) => (at ? formatDateTime(at, timeZone) : "");
  return rows.map(({ campaign, template, dishName }) => ({
    id: campaign.id,
    kind: campaign.kind,
    name: campaign.name,
    description: campaign.description,
    startTime: time(campaign.startsAt),
    endTime: time(campaign.endsAt),
    coupon: template && {
      name: template.name,
      type: template.couponType,
      price: template.faceCents,
      minFee: minFeeOf(template.minSpendCents),
      dishName,
    },
    minMoney: campaign.minCents,
    maxMoney: campaign.maxCents,
    taken: taken.has(campaign.id),
  }));
}

/** The restaurant's running campaign of `kind` (4708 otherwise: over, not started, switched off, another kind). */
async function runningCampaign(
  db: Db,
  rid: number,
  campaignId: number,
  kind: CampaignRow["kind"],
  now: Date,
): Promise<CampaignRow> {
  const [campaign] = await db
    .select()
    .from(memberCampaigns)
    .where(
      and(
        eq(memberCampaigns.id, campaignId),
        eq(memberCampaigns.restaurantId, rid),
        eq(memberCampaigns.kind, kind),
        running(now),
      ),
    );
  if (!campaign) throw new AppError("campaignUnavailable");
  return campaign;
}

/** POST coupons/give: the campaign's coupon on the caller's card, once (firstTime false: the one given before). */
export async function takeCampaignCoupon(
  db: Db,
  member: MemberOfCall,
  body: CampaignTakeBody,
  now: Date,
  timeZone: string,
): Promise<{ coupon: Voucher; firstTime: boolean }> {
  const card = await ownCard(db, member, body.rid, body.cardId);
  const campaign = await runningCampaign(db, body.rid, body.campaignId, CAMPAIGN_KIND.coupon, now);
  if (campaign.templateId === null) throw new Error(`coupon campaign ${campaign.id} without a template`);
  const { coupon, replayed } = await giveCoupon(db, {
    cardId: card.id,
    templateId: campaign.templateId,
    giveKey: giveKeyOf(campaign.id),
    now,
  });
  const [voucher] = await couponVouchers(db, [coupon], now, timeZone);
  if (!voucher) throw new Error("a coupon given and not presented");
  return { coupon: voucher, firstTime: !replayed };
}

/**
 * POST redpackets/draw: gift money between the campaign's bounds onto the caller's card, a ledger
 * entry keyed by the campaign, so it is drawn once (a second draw answers the first's amount). A card
 * without stored value takes none (10024).
 */
export async function drawRedpacket(
  db: Db,
  member: MemberOfCall,
  body: CampaignTakeBody,
  now: Date,
): Promise<{ campaignId: number; money: number; firstTime: boolean; balance: number }> {
  const card = await ownCard(db, member, body.rid, body.cardId);
  if (!card.chargeFlag) throw new AppError("cardRightOff");
  const campaign = await runningCampaign(db, body.rid, body.campaignId, CAMPAIGN_KIND.redpacket, now);
  if (campaign.minCents === null || campaign.maxCents === null)
    throw new Error(`red packet campaign ${campaign.id} without its bounds`);
  const posted = await postEntry(db, {
    cardId: card.id,
    eventKey: drawKeyOf(campaign.id),
    entry: { kind: "gift", cents: randomInt(campaign.minCents, campaign.maxCents + 1), points: 0 },
    actor: `diner:${member.guid}`,
    now,
    detail: { campaignId: campaign.id },
  });
  const [entry] = posted.entries;
  if (!entry) throw new Error("a red packet posted without its entry");
  const { spendable } = await cardBalance(db, card.id);
  return {
    campaignId: campaign.id,
    money: entry.giftCents,
    firstTime: !posted.replayed,
    balance: spendable.cents,
  };
}
