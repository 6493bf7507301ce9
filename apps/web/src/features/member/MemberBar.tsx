import { bannerHiddenByOrder, type Equities } from "@tablemate/core";
import { lazy, Suspense, useEffect } from "react";
import { useCarryingNavigate } from "../../router/navigation.js";
import { usePageActive } from "../../router/page-active.js";
import { useAppStore } from "../../store/app-store.js";
import { MEMBER_COPY } from "./member-copy.js";
import { balanceText } from "./member-format.js";
import { MEMBER_PAGES } from "./member-pages.js";
import {
  currentCard,
  ensureMember,
  isMember,
  refreshEquities,
  useMainOrderId,
  useMemberStore,
} from "./member-store.js";
import { useNewMemberCoupons } from "./use-new-member-coupons.js";
import "./member-bar.css";

const NewMemberDialog = lazy(async () => ({
  default: (await import("./NewMemberDialog.js")).NewMemberDialog,
}));

/** Inside WeChat's own browser (its User-Agent says MicroMessenger): where recharge is offered (001 §2). */
function inWeChat(): boolean {
  return /MicroMessenger/i.test(navigator.userAgent);
}

/** The shortcuts, each with its number of the card's equities (a member's, once they came). */
const SHORTCUTS = [
  {
    key: "points",
    label: MEMBER_COPY.points,
    to: MEMBER_PAGES.integral,
    figure: (e: Equities) => String(e.points),
  },
  {
    key: "balance",
    label: MEMBER_COPY.balance,
    to: MEMBER_PAGES.balance,
    figure: (e: Equities) => balanceText(e.balance),
  },
  {
    key: "coupons",
    label: MEMBER_COPY.coupons,
    to: MEMBER_PAGES.coupons,
    figure: (e: Equities) => String(e.couponCount),
  },
] as const;

/**
 * The member banner (spec 001 §2, 000 §2), in the place the menu keeps for it: join-member text, or
 * the current card's type with a member-details link; shortcuts to points, balance and coupons, a
 * member's with the card's numbers (its equities, asked again each time the menu is back on screen:
 * a recharge or a payment since may have moved them);
 * recharge tips inside WeChat when the restaurant has recharge open. Hidden when member init failed or
 * the current card is not the one the order fixed. Starts member initialisation; offers the
 * new-member coupons to a new-member-system diner without a card.
 */
export function MemberBar() {
  const started = useAppStore((state) => state.isInitial);
  const mainOrderId = useMainOrderId();
  const openRecharge = useAppStore((state) => state.restaurant?.openRecharge ?? false);
  const isNewCrm = useAppStore((state) => state.isNewCrm);
  const member = useMemberStore();
  const navigate = useCarryingNavigate();

  useEffect(() => {
    // adding to another order may fix another card
    if (started) void ensureMember(mainOrderId);
  }, [started, mainOrderId]);

  // back on the menu (kept alive behind the member pages): the numbers as they are now; the first
  // time, the member state asks them
  const onScreen = usePageActive();
  useEffect(() => {
    if (onScreen) refreshEquities();
  }, [onScreen]);

  // the menu's idle layer also watches tablemates' dishes for what this diner avoids (issue 29), and
  // notes which of the menu's modules the diner sees (001 §9)
  useEffect(() => {
    const stops: (() => void)[] = [];
    let stopped = false;
    const start = (begin: () => () => void) => {
      if (stopped) return;
      stops.push(begin());
    };
    void import("../allergens/watch-tablemates.js").then(({ watchTablemates }) => start(watchTablemates));
    void import("../menu/module-views.js").then(({ trackModuleViews }) => start(trackModuleViews));
    return () => {
      stopped = true;
      for (const stop of stops) stop();
    };
  }, []);

  const ready = member.status === "ready";
  const card = ready && isMember(member) ? currentCard(member) : null;
  const figures = card !== null && member.equitiesCardId === card.id ? member.equities : null;
  const coupons = useNewMemberCoupons(member.rid, ready && isNewCrm && member.cards.length === 0);

  if (member.status === "failed" || (ready && bannerHiddenByOrder(member.currentCardId, member.order)))
    return <span className="member-bar--hidden" data-testid="member-bar-hidden" />;
  if (!ready) return null;

  return (
    <div className="member-bar" data-testid="member-bar">
      <div className="member-bar__top">
        <span className="member-bar__title" data-testid="member-bar-title">
          {card ? card.cardTypeName : MEMBER_COPY.join}
        </span>
        <button
          type="button"
          className="member-bar__link"
          onClick={() => navigate(card ? MEMBER_PAGES.card : MEMBER_PAGES.center)}
        >
          {card ? MEMBER_COPY.details : MEMBER_COPY.joinAction}
        </button>
      </div>
      <div className="member-bar__bottom">
        {SHORTCUTS.map(({ key, label, to, figure }) => (
          <button
            type="button"
            key={key}
            className="member-bar__shortcut"
            data-testid={`member-bar-${key}`}
            onClick={() => navigate(to)}
          >
            {label}
            {figures && <span className="member-bar__figure">{figure(figures)}</span>}
          </button>
        ))}
        {openRecharge && inWeChat() && (
          <button
            type="button"
            className="member-bar__recharge"
            data-testid="member-bar-recharge"
            onClick={() => navigate(card ? MEMBER_PAGES.recharge : MEMBER_PAGES.center)}
          >
            {MEMBER_COPY.rechargeTip}
          </button>
        )}
      </div>
      {/* over the menu only: not over the diner-count step or a page the menu is kept alive behind */}
      {coupons.list && onScreen && (
        <Suspense fallback={null}>
          <NewMemberDialog
            coupons={coupons.list}
            onClose={coupons.dismiss}
            onJoin={() => {
              coupons.dismiss();
              navigate(MEMBER_PAGES.center);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
