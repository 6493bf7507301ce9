import { CAMPAIGN_KIND, type Campaign, centsToYuan, type MemberCard } from "@tablemate/core";
import { useCallback, useState } from "react";
import { drawRedpacket, fetchCampaigns, takeCampaignCoupon } from "../../api/member.js";
import { showToast } from "../../features/loading/toast.js";
import { MEMBER_COPY } from "../../features/member/member-copy.js";
import { campaignTimeText, couponFace, minSpendText } from "../../features/member/member-format.js";
import { toastMemberRefusal } from "../../features/member/member-refusal.js";
import { useMemberStore } from "../../features/member/member-store.js";
import { useLoaded } from "../../features/pay/use-loaded.js";

interface RowProps {
  campaign: Campaign;
  card: MemberCard;
  rid: number;
  /** the card's money or coupons changed: its equities are asked again */
  onTaken(): void;
  /** a take was refused: the list is asked again (the campaign may be over) */
  onRefused(): void;
}

/** What the campaign gives, large, with its condition beneath: ¥5 满30元可用, or 红包 最高¥8.88. */
function CampaignFace({ campaign }: { campaign: Campaign }) {
  const coupon = campaign.kind === CAMPAIGN_KIND.coupon ? campaign.coupon : null;
  const [value, condition] = coupon
    ? [couponFace({ type: coupon.type, price: coupon.price ?? 0 }), minSpendText(coupon.minFee)]
    : [MEMBER_COPY.redpacket, MEMBER_COPY.redpacketUpTo(centsToYuan(campaign.maxMoney ?? 0))];
  return (
    <span className="campaign__face">
      <span className="campaign__value">{value}</span>
      <span className="campaign__condition">{condition}</span>
    </span>
  );
}

/**
 * One campaign: what it gives, its name, words and time, and its one action: 领取 a coupon campaign
 * (coupons/give), 抽红包 a red packet (redpackets/draw, its amount shown once drawn). Each is taken once
 * per member: afterwards 已领取 / 已抽取, as the server's `taken` says on the next visit.
 */
function CampaignRow({ campaign, card, rid, onTaken, onRefused }: RowProps) {
  const [takenNow, setTakenNow] = useState(false);
  const [drawn, setDrawn] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const isCoupon = campaign.kind === CAMPAIGN_KIND.coupon;
  const taken = campaign.taken || takenNow;
  const time = campaignTimeText(campaign);

  const take = async () => {
    setBusy(true);
    try {
      if (isCoupon) {
        const answer = await takeCampaignCoupon(rid, card.id, campaign.id);
        showToast(answer.firstTime ? MEMBER_COPY.couponReceived : MEMBER_COPY.couponTakenBefore);
      } else {
        const answer = await drawRedpacket(rid, card.id, campaign.id);
        setDrawn(answer.money);
      }
      setTakenNow(true);
      onTaken();
    } catch (error) {
      toastMemberRefusal(error, isCoupon ? MEMBER_COPY.takeFailed : MEMBER_COPY.drawFailed);
      onRefused();
    } finally {
      setBusy(false);
    }
  };

  const label = isCoupon
    ? taken
      ? MEMBER_COPY.couponTaken
      : MEMBER_COPY.takeCoupon
    : taken
      ? MEMBER_COPY.redpacketDrawn
      : MEMBER_COPY.drawRedpacket;

  return (
    <li className={taken ? "campaign campaign--taken" : "campaign"} data-testid="campaign">
      <CampaignFace campaign={campaign} />
      <span className="campaign__text">
        <span className="campaign__name">{campaign.name}</span>
        {campaign.description && <span className="campaign__rule">{campaign.description}</span>}
        {time && <span className="campaign__rule">{time}</span>}
        {drawn !== null && (
          <span className="campaign__won" data-testid="redpacket-result">
            {MEMBER_COPY.redpacketWon(centsToYuan(drawn))}
          </span>
        )}
      </span>
      <button type="button" className="campaign__action" disabled={taken || busy} onClick={() => void take()}>
        {label}
      </button>
    </li>
  );
}

/**
 * The old member system's campaigns on the member centre (spec 001 §7, old only): the restaurant's
 * running ones, nothing while they load or when none runs, a line with 重试 when they cannot be had.
 */
export function MemberCampaigns({ card, onTaken }: { card: MemberCard; onTaken(): void }) {
  const { rid } = useMemberStore();
  const load = useCallback(
    () => (rid !== null ? fetchCampaigns(rid) : Promise.reject(new Error("member state not ready"))),
    [rid],
  );
  const { state, reload } = useLoaded(load);
  if (rid === null || state.kind === "loading") return null;
  if (state.kind === "ready" && state.value.length === 0) return null;
  return (
    <section className="order-card" data-testid="member-campaigns">
      <h2 className="order-card__title">{MEMBER_COPY.campaignsTitle}</h2>
      {state.kind === "failed" ? (
        <p className="member-muted">
          {state.message || MEMBER_COPY.campaignsFailed}{" "}
          <button type="button" className="member-inline-link" onClick={reload}>
            {MEMBER_COPY.retry}
          </button>
        </p>
      ) : (
        <ul className="campaigns">
          {state.value.map((campaign) => (
            <CampaignRow
              key={campaign.id}
              campaign={campaign}
              card={card}
              rid={rid}
              onTaken={onTaken}
              onRefused={reload}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
