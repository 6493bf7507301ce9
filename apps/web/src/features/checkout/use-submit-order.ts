import {
  buildOrderPayload,
  goesToPay,
  queryFlag,
  stripEmoji,
  submitOutcome,
  withOrderPacking,
} from "@tablemate/core";
import { useCallback, useState } from "react";
import { useLocation } from "react-router";
import { TOKEN_STORAGE_KEY } from "../../api/http.js";
import { checkPeriodSale, orderRefOf, shortagesOf, submitOrder } from "../../api/order.js";
import { CHECKOUT_COPY } from "../../copy.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { local } from "../../storage.js";
import { useAppStore } from "../../store/app-store.js";
import { useCartStore } from "../cart/cart-store.js";
import { clearToasts, showLoadingToast, showToast as toast } from "../loading/toast.js";
import { showCompanionOrdered } from "../order/companion-dialog.js";
import { clearOrderedCart, fixShortAdditions, fixShortDishes, removeExpired } from "./cart-fixes.js";
import { SUBMIT_COPY } from "./checkout-copy.js";
import { resetCheckout, updateCheckout, useCheckoutStore } from "./checkout-store.js";
import { useOrderNavigation } from "./order-navigation.js";
import { settleAttempt, submitAttempt } from "./submit-attempt.js";

/** One submit at a time in the whole app, whichever button started it (spec 000 §4). */
let inFlight = false;

/** The period check; a failing check counts as valid (001 §8), the server checks again anyway. */
async function expiredFoodIds(rid: number, foodIds: number[], fastFood: boolean): Promise<number[]> {
  try {
    return await checkPeriodSale(rid, foodIds, fastFood);
  } catch (error) {
    console.warn("period check failed; submitting anyway", error);
    return [];
  }
}

/**
 * Submits the cart as an order (spec 000 §4, §8): the period check, the order (with the submit id of
 * an unanswered attempt at the same cart, else a new one), then what each answer code asks for.
 */
export function useSubmitOrder() {
  const nav = useOrderNavigation();
  const navigate = useCarryingNavigate();
  const { pathname, search } = useLocation();
  const [submitting, setSubmitting] = useState(false);

  const succeed = useCallback(
    async (orderId: number, localCart: boolean, addingToOrder: boolean) => {
      const app = useAppStore.getState();
      await clearOrderedCart(localCart);
      resetCheckout();
      clearToasts();
      const fastFood = app.restaurant?.restaurantFastHotel ?? false;
      const takeout = queryFlag(app.SearchObj.takeout);
      if (goesToPay({ isPrepayment: app.isPrepayment, fastFood, takeout, addingToOrder }))
        navigate(PATHS.pay, { query: { orderId: String(orderId) }, replace: true });
      else nav.toDetail(orderId, true);
    },
    [nav, navigate],
  );

  const submit = useCallback(async () => {
    if (inFlight) {
      toast(SUBMIT_COPY.submitting);
      return;
    }
    const app = useAppStore.getState();
    const { lines } = useCartStore.getState();
    const { restaurant, table } = app;
    if (!restaurant || !table || app.cartId === null || lines.length === 0) return;
    inFlight = true;
    setSubmitting(true);
    showLoadingToast(SUBMIT_COPY.submitting);
    const query = Object.fromEntries(new URLSearchParams(search));
    try {
      const fastFood = restaurant.restaurantFastHotel;
      const foodIds = [...new Set(lines.map((l) => l.foodId))];
      const expired = await expiredFoodIds(restaurant.restaurantId, foodIds, fastFood);
      if (expired.length > 0) {
        toast(await removeExpired(expired));
        return;
      }
      const checkout = useCheckoutStore.getState();
      const localCart = app.realtimeStatus !== "open";
      const attempt = submitAttempt(app.cartId, lines);
      const answer = await submitOrder(
        buildOrderPayload({
          submitId: attempt.submitId,
          guid: app.guid,
          openId: app.user?.appInfo.openId ?? "",
          restaurant,
          table,
          pickedTable: checkout.pickedTable,
          cart: { cartId: app.cartId, cartIdSign: app.cartIdSign },
          isPrepayment: app.isPrepayment,
          localCart,
          lines,
          query,
          wholeMemo: withOrderPacking(stripEmoji(checkout.wholeMemo), checkout.packAll),
          personNum: checkout.personNum ?? table.personNum,
          invoiceTitle: checkout.invoiceTitle,
          supply: checkout.supply,
          kitchenAllergens: checkout.kitchenAllergens,
        }),
      );
      settleAttempt(attempt, answer.code !== null);
      if (answer.token) local.set(TOKEN_STORAGE_KEY, answer.token);
      const outcome = submitOutcome(answer.code, Boolean(query.orderId), answer.timedOut);
      if (outcome.kind !== "success") clearToasts();
      switch (outcome.kind) {
        case "success": {
          const placed = orderRefOf(answer.data);
          if (placed) await succeed(placed.orderId, localCart, Boolean(query.mainOrderId));
          else toast(SUBMIT_COPY.reasons.other);
          return;
        }
        case "notice":
          toast(SUBMIT_COPY.reasons[outcome.reason]);
          if (outcome.toSubOrder && !pathname.endsWith(PATHS.subOrder)) nav.toSubOrder();
          return;
        case "wrongCode": {
          toast(SUBMIT_COPY.wrongCode);
          const { supply } = useCheckoutStore.getState();
          if (supply) updateCheckout({ supply: { ...supply, code: "" } });
          if (!pathname.endsWith(PATHS.supplyInfo)) nav.toSupplyInfo();
          return;
        }
        case "serverMessage":
          toast(answer.message || SUBMIT_COPY.reasons.other);
          return;
        case "stockShort":
          toast(await fixShortDishes(shortagesOf(answer.data)));
          return;
        case "additionsShort":
          toast(await fixShortAdditions(shortagesOf(answer.data)));
          return;
        case "tableSettled": {
          toast(SUBMIT_COPY.tableSettled);
          const settled = orderRefOf(answer.data);
          if (settled) nav.toDetail(settled.orderId);
          return;
        }
        case "companionOrdered": {
          const theirs = orderRefOf(answer.data);
          if (!theirs) {
            toast(CHECKOUT_COPY.companionOrdered);
            return;
          }
          void showCompanionOrdered({
            view: () => nav.toDetail(theirs.orderId),
            addDishes: () => nav.toAddDishes({ ...theirs, tableId: table.tableId }),
          });
          return;
        }
      }
    } finally {
      inFlight = false;
      setSubmitting(false);
    }
  }, [nav, pathname, search, succeed]);

  return { submit, submitting };
}
