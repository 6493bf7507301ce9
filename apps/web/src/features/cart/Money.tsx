import { type Decimalish, truncateMoney } from "@tablemate/core";
import { COPY } from "../../copy.js";
import "./money.css";

/** ¥ and an amount, truncated to 2 decimals, never rounded up (spec 000 §5). */
export function Money({
  value,
  className,
  testId,
}: {
  value: Decimalish;
  className?: string;
  testId?: string;
}) {
  return (
    <span className={className ? `money ${className}` : "money"} data-testid={testId}>
      <span className="money__yuan">{COPY.yuan}</span>
      {truncateMoney(value)}
    </span>
  );
}
