import { SHARED_CART_COPY } from "../../copy.js";
import { SUBMIT_COPY } from "../checkout/checkout-copy.js";
import { SUPPLY_FIELDS, type SupplyKind } from "../checkout/supply-kind.js";
import { FactRow } from "./OrderPageFrame.js";

export interface SupplyFactsProps {
  kind: SupplyKind;
  name: string;
  phone: string;
  /** the party size; 0: not given (an order placed before it was kept) */
  num: number;
  /** 'YYYY-MM-DD HH:mm' as booked, or empty (as soon as possible) */
  time: string;
  address: string;
  memo: string;
}

/**
 * What the supply form said, on the order page and the order's detail: who, how many, when, where.
 * A booked time is shown as it was booked (the restaurant's clock, 001 §9).
 */
export function SupplyFacts({ kind, name, phone, num, time, address, memo }: SupplyFactsProps) {
  const asks = SUPPLY_FIELDS[kind];
  return (
    <section className="order-card" data-testid="supply-facts">
      <h2 className="order-card__title">{SUBMIT_COPY.supplyFactsTitle[kind]}</h2>
      {asks.contact && <FactRow label={SUBMIT_COPY.name}>{`${name} ${phone}`}</FactRow>}
      {asks.people && num > 0 && (
        <FactRow label={SUBMIT_COPY.people} testId="supply-people">
          {SHARED_CART_COPY.people(num)}
        </FactRow>
      )}
      {(time || kind !== "reserve") && (
        <FactRow label={SUBMIT_COPY.times[kind]} testId="supply-time">
          {time || SUBMIT_COPY.asap}
        </FactRow>
      )}
      {address && <FactRow label={SUBMIT_COPY.address}>{address}</FactRow>}
      {memo && <FactRow label={SUBMIT_COPY.memo}>{memo}</FactRow>}
    </section>
  );
}
