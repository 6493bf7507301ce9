import { badgeText } from "@tablemate/core";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { DISH_COPY } from "../../copy.js";
import { usePageActive } from "../../router/page-active.js";
import { useAppStore } from "../../store/app-store.js";
import { ToOrderButton } from "../checkout/ToOrderButton.js";
import { useCompanionOrders } from "../order/use-companion-orders.js";
import { CartIcon } from "./CartIcon.js";
import { CountBadge } from "./CountBadge.js";
import { useCartStore } from "./cart-store.js";
import { useCartTotal } from "./cart-total.js";
import { lookupIn } from "./dish-lookup.js";
import { Money } from "./Money.js";
import { TablemateNotice } from "./TablemateNotice.js";
import { useSheet } from "./use-sheet.js";
import "./cart.css";

// the list brings antd-mobile's Popup and its animation library: loaded on the first expansion
const CartListSheet = lazy(() => import("./CartListSheet.js").then((m) => ({ default: m.CartListSheet })));

/**
 * The bottom cart bar (spec 000 §2): count bubble, total (unless the restaurant hides it), the
 * expandable list and the to-order button. It keeps its own height in the page's flow (a spacer)
 * and is fixed to the bottom of the phone column, so it works as the last child of any page.
 */
export function CartBar() {
  useCompanionOrders();
  const lines = useCartStore((state) => state.lines);
  const foods = useAppStore((state) => state.foods);
  const hideTotal = useAppStore((state) => state.restaurant?.hideTotalPrice ?? false);
  const lookup = useMemo(() => lookupIn(foods), [foods]);
  const summary = useCartTotal(lines, lookup);
  const list = useSheet();
  const empty = summary.count === 0;
  const { close } = list;

  // the last line removed or the cart cleared: nothing left to show; and the page kept alive behind
  // another (the to-order button leads on with the list open): its sheet is not left over that page
  const active = usePageActive();
  useEffect(() => {
    if (empty || !active) close();
  }, [empty, active, close]);

  const toggle = () => {
    if (list.visible) list.close();
    else if (!empty) list.open();
  };

  return (
    <>
      <div className="cart-bar-space" aria-hidden="true" />
      <TablemateNotice />
      <div className={list.visible ? "cart-bar is-raised" : "cart-bar"} data-testid="cart-bar">
        {/* the button is named 购物车; its badge's number, drawn over its corner for the eye, is not its
            label (the total follows), so it sits beside the button, not in it */}
        <CountBadge content={empty ? null : badgeText(summary.count)} className="cart-bar__badge">
          <button
            type="button"
            className="cart-bar__cart"
            aria-label={DISH_COPY.cart}
            aria-expanded={list.visible}
            onClick={toggle}
          >
            <span className={empty ? "cart-bar__icon is-empty" : "cart-bar__icon"}>
              <CartIcon />
            </span>
          </button>
        </CountBadge>
        <button type="button" className="cart-bar__summary" onClick={toggle}>
          {empty ? (
            <span className="cart-bar__empty">{DISH_COPY.notChosen}</span>
          ) : (
            !hideTotal && <Money value={summary.total} className="cart-bar__total" testId="cart-total" />
          )}
        </button>
        <ToOrderButton goods={summary.goods} empty={empty} />
      </div>
      {list.mounted && (
        <Suspense fallback={null}>
          <CartListSheet
            lines={lines}
            lookup={lookup}
            memberPrices={summary.memberPrices}
            visible={list.visible}
            onClose={list.close}
            afterClose={list.afterClose}
          />
        </Suspense>
      )}
    </>
  );
}
