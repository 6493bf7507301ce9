import { formatMoney } from "@tablemate/client";
import { centsToMoneyText, type PaidWith, type PayView, yuanToCents } from "@tablemate/core";
import { FactRow } from "../order/OrderPageFrame.js";
import { PAY_COPY } from "./pay-copy.js";

const nonZero = (yuan: string) => yuanToCents(yuan) !== 0;

/** How /pay's view says the order was paid: stored value, the gateway the rest, the discounts taken. */
export function paidWithOfView(view: PayView): PaidWith {
  return {
    gateway: centsToMoneyText(yuanToCents(view.paid) - yuanToCents(view.storedValue)),
    storedValue: view.storedValue,
    discounts: view.discounts,
  };
}

/**
 * /pay/success's 支付明细 (000 §2): what went through the gateway (by its name), what stored value
 * paid, and each discount (member price, 满减, coupon, points), as the server recorded them.
 */
export function PaidWithRows({ paidWith, provider }: { paidWith: PaidWith; provider: string }) {
  return (
    <div className="pay-result__with" data-testid="pay-paid-with">
      <p className="pay-result__with-title">{PAY_COPY.paidWithTitle}</p>
      {nonZero(paidWith.gateway) && (
        <FactRow label={PAY_COPY.gatewayName[provider] ?? provider} testId="paid-gateway">
          {formatMoney(paidWith.gateway)}
        </FactRow>
      )}
      {nonZero(paidWith.storedValue) && (
        <FactRow label={PAY_COPY.storedValue} testId="paid-stored">
          {formatMoney(paidWith.storedValue)}
        </FactRow>
      )}
      {paidWith.discounts.map((discount) => (
        <FactRow key={`${discount.kind}:${discount.label}`} label={discount.label} testId="paid-discount">
          -{formatMoney(discount.amount)}
        </FactRow>
      ))}
    </div>
  );
}
