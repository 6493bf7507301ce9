import { type MemberCard, memberDayText, showsCardSwitch } from "@tablemate/core";
import { useState } from "react";
import { showToast } from "../../features/loading/toast.js";
import { MEMBER_COPY } from "../../features/member/member-copy.js";
import { balanceText, memberDayDays } from "../../features/member/member-format.js";
import { MEMBER_PAGES } from "../../features/member/member-pages.js";
import { toastMemberRefusal } from "../../features/member/member-refusal.js";
import { type MemberState, switchCard } from "../../features/member/member-store.js";
import { FactRow } from "../../features/order/OrderPageFrame.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { useAppStore } from "../../store/app-store.js";
import { CardFace, CardPage, LoadFailed, PrivilegeGrid, useEquities } from "./member-page-parts.js";

/**
 * /memberCard (001 §2, §3): the current card, its equities (balance, points, coupons, member day as
 * 8.8折), its privileges, and the multi-card switch: shown with more than one card, hidden once
 * prepayment's first order is paid with a card (that card is fixed).
 */
export function MemberCardPage() {
  return (
    <CardPage title={MEMBER_COPY.cardTitle} testId="member-card-page">
      {(card, state) => <CardDetail key={card.id} card={card} state={state} />}
    </CardPage>
  );
}

function CardDetail({ card, state }: { card: MemberCard; state: MemberState }) {
  const navigate = useCarryingNavigate();
  const prepayment = useAppStore((app) => app.isPrepayment);
  const { state: equities, reload } = useEquities(card);
  const [switching, setSwitching] = useState(false);
  const switchable = showsCardSwitch({ cardCount: state.cards.length, prepayment, order: state.order });

  const choose = async (id: number) => {
    setSwitching(true);
    try {
      await switchCard(id);
      showToast(MEMBER_COPY.cardChosen);
    } catch (error) {
      toastMemberRefusal(error, MEMBER_COPY.switchFailed);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <>
      <CardFace card={card} />
      {equities.kind === "failed" && <LoadFailed message={equities.message} retry={reload} />}
      {equities.kind === "ready" && (
        <>
          <section className="order-card" data-testid="card-equities">
            <h2 className="order-card__title">{MEMBER_COPY.equitiesTitle}</h2>
            <FactRow label={MEMBER_COPY.balance}>
              <button
                type="button"
                className="member-inline-link"
                onClick={() => navigate(MEMBER_PAGES.balance)}
              >
                {balanceText(equities.value.balance)}
              </button>
            </FactRow>
            <FactRow label={MEMBER_COPY.points}>
              <button
                type="button"
                className="member-inline-link"
                onClick={() => navigate(MEMBER_PAGES.integral)}
              >
                {equities.value.points}
              </button>
            </FactRow>
            <FactRow label={MEMBER_COPY.coupons}>
              <button
                type="button"
                className="member-inline-link"
                onClick={() => navigate(MEMBER_PAGES.coupons)}
              >
                {equities.value.couponCount}
              </button>
            </FactRow>
            <FactRow label={MEMBER_COPY.memberDay} testId="member-day">
              {equities.value.memberDay ? (
                <>
                  {memberDayDays(equities.value.memberDay)} {memberDayText(equities.value.memberDay.percent)}
                  {equities.value.memberDay.today && (
                    <span className="member-tag">{MEMBER_COPY.memberDayToday}</span>
                  )}
                </>
              ) : (
                MEMBER_COPY.memberDayNone
              )}
            </FactRow>
          </section>
          <PrivilegeGrid given={equities.value.privileges} />
        </>
      )}
      {switchable && (
        <section className="order-card" data-testid="card-switch">
          <h2 className="order-card__title">{MEMBER_COPY.switchCard}</h2>
          {state.cards.map((other) => (
            <div key={other.id} className="member-switch-row">
              <span className="member-switch-row__name">
                {other.cardTypeName}
                <span className="member-muted"> {other.cardNum}</span>
              </span>
              {other.id === state.currentCardId ? (
                <span className="member-tag">{MEMBER_COPY.currentCard}</span>
              ) : (
                <button
                  type="button"
                  className="member-switch-row__use"
                  disabled={switching}
                  onClick={() => void choose(other.id)}
                >
                  {MEMBER_COPY.useCard}
                </button>
              )}
            </div>
          ))}
        </section>
      )}
    </>
  );
}
