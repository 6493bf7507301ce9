import { formatMoney } from "@tablemate/client";
import { offersOrderPacking, offersTablePicker, truncateMoney } from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { CHECKOUT_COPY } from "../../copy.js";
import { AllergyEntry } from "../../features/allergens/AllergyEntry.js";
import { TellKitchen } from "../../features/allergens/TellKitchen.js";
import { useCartStore } from "../../features/cart/cart-store.js";
import { type CartTotal, useCartTotal } from "../../features/cart/cart-total.js";
import { lookupIn } from "../../features/cart/dish-lookup.js";
import { Money } from "../../features/cart/Money.js";
import { SUBMIT_COPY } from "../../features/checkout/checkout-copy.js";
import { updateCheckout, useCheckoutStore } from "../../features/checkout/checkout-store.js";
import { useDeliveryTerms } from "../../features/checkout/delivery-terms.js";
import { useOrderNavigation } from "../../features/checkout/order-navigation.js";
import { SubOrderLines } from "../../features/checkout/SubOrderLines.js";
import { supplyKindOf } from "../../features/checkout/supply-kind.js";
import { useSubmitOrder } from "../../features/checkout/use-submit-order.js";
import { FactRow, OrderPageFrame } from "../../features/order/OrderPageFrame.js";
import { ORDER_COPY } from "../../features/order/order-copy.js";
import { SupplyFacts } from "../../features/order/SupplyFacts.js";
import { useCompanionOrders } from "../../features/order/use-companion-orders.js";
import { useAppStore } from "../../store/app-store.js";

// the picker brings a dialog: loaded when a quick-service diner asks to change the table
const TablePicker = lazy(() =>
  import("../../features/checkout/TablePicker.js").then((m) => ({ default: m.TablePicker })),
);

const PEOPLE = Array.from({ length: 20 }, (_, i) => i + 1);

/** What being a member takes off: 会员已省 at member prices, the member day's own name on one. */
function savingText({ kind, label, amount }: NonNullable<CartTotal["saving"]>): string {
  const yuan = amount.toFixed(2);
  return kind === "memberDay" ? SUBMIT_COPY.memberDaySaved(label, yuan) : SUBMIT_COPY.memberSaved(yuan);
}

/** /order/subOrder: the order as it will go in, what the diner adds to it, and the submit (000 §2). */
export function SubOrderPage() {
  useCompanionOrders();
  const lines = useCartStore((state) => state.lines);
  const foods = useAppStore((state) => state.foods);
  const table = useAppStore((state) => state.table);
  const hideTotal = useAppStore((state) => state.restaurant?.hideTotalPrice ?? false);
  const checkout = useCheckoutStore();
  const nav = useOrderNavigation();
  const [params] = useSearchParams();
  const { submit, submitting } = useSubmitOrder();
  const lookup = useMemo(() => lookupIn(foods), [foods]);
  const summary = useCartTotal(lines, lookup);
  const personNum = checkout.personNum ?? table?.personNum ?? 0;
  const supply = checkout.supply;
  // a dine-in order may go home packed where the register takes it (a takeout is packed anyway)
  const restaurant = useAppStore((state) => state.restaurant);
  const packable = !supply && restaurant !== null && offersOrderPacking(restaurant);
  const kind = supplyKindOf(Object.fromEntries(params));
  // a takeout: its fee on top of the goods, and no submit below the minimum (the server refuses it too)
  const delivery = useDeliveryTerms(summary.goods, supply !== null && kind === "takeout");
  const short = delivery?.short.gt(0) ? delivery.short : null;
  const picksTable =
    restaurant !== null &&
    offersTablePicker(restaurant, Object.fromEntries(params), table?.tableType ?? null);
  const [picking, setPicking] = useState(false);
  const stopPicking = useCallback(() => setPicking(false), []);

  if (lines.length === 0) {
    return (
      <OrderPageFrame title={SUBMIT_COPY.subOrderTitle} testId="suborder-page">
        <p className="order-empty">{SUBMIT_COPY.emptyCart}</p>
        <Button block color="primary" fill="outline" onClick={() => nav.toNewOrder()}>
          {SUBMIT_COPY.backToMenu}
        </Button>
      </OrderPageFrame>
    );
  }

  const footer = (
    <>
      <div className="order-total">
        {!hideTotal && (
          <>
            {SUBMIT_COPY.total}{" "}
            <Money
              className="order-total__money"
              value={delivery ? summary.total.plus(delivery.fee) : summary.total}
              testId="suborder-total"
            />
            {summary.saving && (
              <span className="order-total__saved" data-testid="suborder-saving">
                {savingText(summary.saving)}
              </span>
            )}
          </>
        )}
        {short && (
          <span className="order-total__short" data-testid="suborder-short">
            {CHECKOUT_COPY.short(truncateMoney(short))}
          </span>
        )}
      </div>
      <Button
        color="primary"
        shape="rounded"
        disabled={short !== null}
        aria-busy={submitting}
        onClick={() => void submit()}
      >
        {SUBMIT_COPY.submit}
      </Button>
    </>
  );

  return (
    <OrderPageFrame title={SUBMIT_COPY.subOrderTitle} testId="suborder-page" footer={footer}>
      {/* a takeout sits at no table: its internal 外送01 is nobody's (issue 25) */}
      {table && !delivery && (
        <section className="order-card">
          <FactRow label={ORDER_COPY.table} testId="suborder-table">
            <span data-testid="suborder-table-name">
              {checkout.pickedTable?.tableName ?? table.tableName}
            </span>
            {picksTable && (
              <button type="button" className="fact-row__action" onClick={() => setPicking(true)}>
                {SUBMIT_COPY.changeTable}
              </button>
            )}
          </FactRow>
        </section>
      )}
      {picking && (
        <Suspense fallback={null}>
          <TablePicker onDone={stopPicking} />
        </Suspense>
      )}
      {supply && <SupplyFacts kind={kind} {...supply} />}
      <SubOrderLines lines={lines} lookup={lookup} memberPrices={summary.memberPrices} />
      {delivery?.fee.gt(0) && (
        <section className="order-card">
          <FactRow label={SUBMIT_COPY.deliveryFee} testId="suborder-delivery-fee">
            {formatMoney(delivery.fee.toFixed(2))}
          </FactRow>
        </section>
      )}
      <section className="order-card">
        {/* a supply form asked the party size already (it goes in as the diner count) */}
        {!supply && (
          <label className="order-field">
            <span className="order-field__label">{SUBMIT_COPY.personNum}</span>
            <select
              value={personNum || ""}
              onChange={(event) => updateCheckout({ personNum: Number(event.target.value) })}
            >
              {personNum === 0 && <option value="">-</option>}
              {PEOPLE.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        {packable && (
          <label className="order-field order-field--check">
            <input
              type="checkbox"
              checked={checkout.packAll}
              onChange={(event) => updateCheckout({ packAll: event.target.checked })}
              data-testid="pack-all"
            />
            <span>{SUBMIT_COPY.packAll}</span>
          </label>
        )}
        <label className="order-field">
          <span className="order-field__label">{SUBMIT_COPY.wholeMemo}</span>
          <textarea
            value={checkout.wholeMemo}
            maxLength={200}
            placeholder={SUBMIT_COPY.wholeMemoPlaceholder}
            onChange={(event) => updateCheckout({ wholeMemo: event.target.value })}
          />
        </label>
        <label className="order-field">
          <span className="order-field__label">{SUBMIT_COPY.invoiceTitle}</span>
          <input
            value={checkout.invoiceTitle}
            maxLength={100}
            placeholder={SUBMIT_COPY.invoicePlaceholder}
            onChange={(event) => updateCheckout({ invoiceTitle: event.target.value })}
          />
        </label>
        <TellKitchen />
        <AllergyEntry />
      </section>
    </OrderPageFrame>
  );
}
