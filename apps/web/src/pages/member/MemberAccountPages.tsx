import type { Equities, MemberCard } from "@tablemate/core";
import type { ReactNode } from "react";
import { MEMBER_COPY } from "../../features/member/member-copy.js";
import { balanceText, groupedCardNum } from "../../features/member/member-format.js";
import { MEMBER_PAGES } from "../../features/member/member-pages.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { useAppStore } from "../../store/app-store.js";
import { CardPage, LoadFailed, useEquities } from "./member-page-parts.js";

/** The current card's equities, or their failed load with 重试. */
function WithEquities({ card, children }: { card: MemberCard; children: (equities: Equities) => ReactNode }) {
  const { state, reload } = useEquities(card);
  if (state.kind === "failed") return <LoadFailed message={state.message} retry={reload} />;
  return state.kind === "ready" ? children(state.value) : null;
}

/** 查看明细: to the figure's history. */
function HistoryLink({ to }: { to: string }) {
  const navigate = useCarryingNavigate();
  return (
    <button type="button" className="member-more-link" onClick={() => navigate(to)}>
      {MEMBER_COPY.viewHistory}
    </button>
  );
}

/** /member/integral: the card's points, 查看明细 to their history. */
export function MemberIntegralPage() {
  return (
    <CardPage title={MEMBER_COPY.integralTitle} testId="member-integral-page">
      {(card) => (
        <WithEquities card={card}>
          {(equities) => (
            <section className="order-card member-figure">
              <span className="member-figure__label">{MEMBER_COPY.pointsNow}</span>
              <span className="member-figure__value" data-testid="member-points">
                {equities.points}
              </span>
              <p className="member-muted">{MEMBER_COPY.pointsHint}</p>
              <HistoryLink to={MEMBER_PAGES.pointsHistory} />
            </section>
          )}
        </WithEquities>
      )}
    </CardPage>
  );
}

/**
 * /member/balance: what can be spent (cents/100, '--' when absent), principal and gift, 查看明细 to
 * its history, 去充值 where recharge is open.
 */
export function MemberBalancePage() {
  const navigate = useCarryingNavigate();
  const openRecharge = useAppStore((app) => app.restaurant?.openRecharge ?? false);
  return (
    <CardPage title={MEMBER_COPY.balanceTitle} testId="member-balance-page">
      {(card) => (
        <WithEquities card={card}>
          {(equities) => (
            <section className="order-card member-figure">
              <span className="member-figure__label">{MEMBER_COPY.balanceNow}</span>
              <span className="member-figure__value" data-testid="member-balance">
                {balanceText(equities.balance)}
              </span>
              <span className="member-figure__parts" data-testid="member-balance-parts">
                <span>
                  {MEMBER_COPY.principal} {balanceText(equities.principal)}
                </span>
                <span>
                  {MEMBER_COPY.gift} {balanceText(equities.gift)}
                </span>
              </span>
              <HistoryLink to={MEMBER_PAGES.balanceHistory} />
              {openRecharge && (
                <button
                  type="button"
                  className="member-figure__action"
                  onClick={() => navigate(MEMBER_PAGES.recharge)}
                >
                  {MEMBER_COPY.toRecharge}
                </button>
              )}
            </section>
          )}
        </WithEquities>
      )}
    </CardPage>
  );
}

/** /member/num: the card number, large, for the cashier. */
export function MemberNumPage() {
  return (
    <CardPage title={MEMBER_COPY.numTitle} testId="member-num-page">
      {(card) => (
        <section className="order-card member-num">
          <span className="member-num__type">{card.cardTypeName}</span>
          <span className="member-num__digits" data-testid="member-num">
            {groupedCardNum(card.cardNum)}
          </span>
          <p className="member-muted">{MEMBER_COPY.numHint}</p>
        </section>
      )}
    </CardPage>
  );
}
