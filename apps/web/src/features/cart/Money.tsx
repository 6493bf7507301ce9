import { YUAN } from "@tablemate/client";
import { type Decimalish, truncateMoney } from "@tablemate/core";
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
      <span className="money__yuan">{YUAN}</span>
      {truncateMoney(value)}
    </span>
  );
}
