import Button from "antd-mobile/es/components/button";
import type { ReactNode } from "react";
import { COPY } from "../../copy.js";
import { useGoBack } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import "./order.css";
import { PageNav } from "../dialog/PageNav.js";

/** The frame of the order pages: a bar with back (to the menu when the page was opened first). */
export function OrderPageFrame({
  title,
  testId,
  children,
  footer,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const back = useGoBack(PATHS.main);
  return (
    <div className="order-page" data-testid={testId}>
      <PageNav className="order-page__nav" back={COPY.back} onBack={back}>
        {title}
      </PageNav>
      <main className="order-page__body">{children}</main>
      {footer && <footer className="order-page__footer">{footer}</footer>}
    </div>
  );
}

/** A labelled row of facts: label on the left, value on the right. */
export function FactRow({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="fact-row" data-testid={testId}>
      <span className="fact-row__label">{label}</span>
      <span className="fact-row__value">{children}</span>
    </div>
  );
}

export interface NoticeAction {
  label: string;
  run: () => void;
  primary?: boolean;
}

/** An order page's message where its content would be (failed, not found, empty), with the ways on. */
export function OrderNotice({
  message,
  hint,
  actions,
}: {
  message: string;
  hint?: string;
  actions: readonly NoticeAction[];
}) {
  return (
    <div className="order-empty" data-testid="order-notice">
      <p className="order-empty__message">{message}</p>
      {hint && <p className="order-empty__hint">{hint}</p>}
      <div className="order-empty__actions">
        {actions.map(({ label, run, primary }) => (
          <Button
            key={label}
            color="primary"
            fill={primary ? "solid" : "outline"}
            shape="rounded"
            onClick={run}
          >
            {label}
          </Button>
        ))}
      </div>
    </div>
  );
}
