import { type Equities, MEMBER_PRIVILEGES, type MemberCard } from "@tablemate/core";
import { type ReactNode, useCallback, useEffect } from "react";
import { fetchEquities } from "../../api/member.js";
import { COPY } from "../../copy.js";
import { LoadingOverlay } from "../../features/loading/LoadingOverlay.js";
import { MEMBER_COPY, PRIVILEGE_LABELS } from "../../features/member/member-copy.js";
import { groupedCardNum } from "../../features/member/member-format.js";
import { MEMBER_PAGES } from "../../features/member/member-pages.js";
import {
  currentCard,
  ensureMember,
  isMember,
  type MemberState,
  useMainOrderId,
  useMemberStore,
} from "../../features/member/member-store.js";
import { OrderNotice, OrderPageFrame } from "../../features/order/OrderPageFrame.js";
import { useLoaded } from "../../features/pay/use-loaded.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import "./member-pages.css";

/** The member state for a member page: initialisation started on entry (once per restaurant). */
export function useMemberState(): MemberState {
  const mainOrderId = useMainOrderId();
  useEffect(() => {
    void ensureMember(mainOrderId);
  }, [mainOrderId]);
  return useMemberStore();
}

/**
 * A member page's frame: its title, and while the member state loads, or when the member features
 * are off (the card types could not be had), that instead of the page.
 */
export function MemberFrame({
  title,
  testId,
  state,
  children,
}: {
  title: string;
  testId: string;
  state: MemberState;
  children: ReactNode;
}) {
  const navigate = useCarryingNavigate();
  return (
    <OrderPageFrame title={title} testId={testId}>
      {state.status === "failed" ? (
        <OrderNotice
          message={MEMBER_COPY.unavailable}
          actions={[{ label: COPY.backToMenu, run: () => navigate(PATHS.main), primary: true }]}
        />
      ) : state.status === "ready" ? (
        children
      ) : (
        <LoadingOverlay visible />
      )}
    </OrderPageFrame>
  );
}

/**
 * A page about the current card (/memberCard, points, balance, coupons, info, number): the card's
 * content, or, without a login and a card, the way to the member centre.
 */
export function CardPage({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: (card: MemberCard, state: MemberState) => ReactNode;
}) {
  const state = useMemberState();
  const navigate = useCarryingNavigate();
  const card = isMember(state) ? currentCard(state) : null;
  return (
    <MemberFrame title={title} testId={testId} state={state}>
      {card ? (
        children(card, state)
      ) : (
        <OrderNotice
          message={MEMBER_COPY.needMember}
          actions={[{ label: MEMBER_COPY.toCenter, run: () => navigate(MEMBER_PAGES.center), primary: true }]}
        />
      )}
    </MemberFrame>
  );
}

/** A card's equities (balance, points, coupons, member day, privileges), asked when the card changes. */
export function useEquities(card: MemberCard) {
  const { rid, paths } = useMemberStore();
  const load = useCallback(
    () =>
      rid !== null && paths !== null
        ? fetchEquities(paths, rid, card.id)
        : Promise.reject(new Error("member state not ready")),
    [rid, paths, card.id],
  );
  return useLoaded<Equities>(load);
}

/** The card as a card: its type, number and state. */
export function CardFace({ card, onClick }: { card: MemberCard; onClick?: () => void }) {
  const body = (
    <>
      <span className="card-face__type" data-testid="card-type">
        {card.cardTypeName}
        {card.status === 4 && <span className="card-face__frozen">{MEMBER_COPY.cardFrozen}</span>}
      </span>
      <span className="card-face__num">
        {MEMBER_COPY.cardNum} {groupedCardNum(card.cardNum)}
      </span>
      <span className="card-face__phone">{card.telPhone}</span>
    </>
  );
  return onClick ? (
    <button type="button" className="card-face" data-testid="card-face" onClick={onClick}>
      {body}
    </button>
  ) : (
    <div className="card-face" data-testid="card-face">
      {body}
    </div>
  );
}

/** The 8 privileges (001 §3): those `given` marked, the others shown dimmed. */
export function PrivilegeGrid({ given }: { given: readonly number[] }) {
  return (
    <section className="order-card">
      <h2 className="order-card__title">{MEMBER_COPY.privilegesTitle}</h2>
      <ul className="privileges" data-testid="privileges">
        {MEMBER_PRIVILEGES.map(({ id, key }) => {
          const label = PRIVILEGE_LABELS[key];
          return (
            <li key={id} className={given.includes(id) ? "privilege" : "privilege privilege--off"}>
              <span className="privilege__icon" aria-hidden>
                {label.slice(0, 1)}
              </span>
              <span className="privilege__label">{label}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A page's failed load, with 重试. */
export function LoadFailed({ message, retry }: { message: string; retry(): void }) {
  return (
    <OrderNotice
      message={message || MEMBER_COPY.loadFailed}
      actions={[{ label: MEMBER_COPY.retry, run: retry, primary: true }]}
    />
  );
}
