import Button from "antd-mobile/es/components/button";
import type { ReactNode } from "react";
import { Spinner } from "../loading/Spinner.js";
import { PAY_COPY } from "./pay-copy.js";
import type { StartShown } from "./use-start-pay.js";

/** 测试 beside anything a sandbox payment shows. */
export function TestTag() {
  return (
    <span className="test-tag" data-testid="pay-test-tag">
      {PAY_COPY.testTag}
    </span>
  );
}

/** A result's mark and words: ✓ once paid (测试 beside a sandbox payment's), ! when it did not go through. */
export function ResultMark({ paid, title, test = false }: { paid: boolean; title: string; test?: boolean }) {
  return (
    <>
      <span className={`pay-result__mark pay-result__mark--${paid ? "ok" : "no"}`} aria-hidden="true">
        {paid ? "✓" : "!"}
      </span>
      <p className="pay-result__title">
        {title}
        {test && <TestTag />}
      </p>
    </>
  );
}

/** A result's two ways on: the first filled, the second outlined. */
export function ResultActions({
  first,
  second,
}: {
  first: { label: string; run: () => void };
  second: { label: string; run: () => void };
}) {
  return (
    <div className="pay-result__actions">
      <Button color="primary" shape="rounded" onClick={first.run}>
        {first.label}
      </Button>
      <Button color="primary" fill="outline" shape="rounded" onClick={second.run}>
        {second.label}
      </Button>
    </div>
  );
}

/** A result the server has not said yet: 正在确认…, and once that is slow, a word and 刷新 (ask again). */
export function ResultPending({
  copy,
  slow,
  refresh,
}: {
  copy: { confirming: string; slowConfirm: string; refresh: string };
  slow: boolean;
  refresh: () => void;
}) {
  return (
    <>
      <Spinner />
      <p className="pay-result__title">{copy.confirming}</p>
      {slow && (
        <>
          <p className="pay-muted">{copy.slowConfirm}</p>
          <Button color="primary" fill="outline" shape="rounded" onClick={refresh}>
            {copy.refresh}
          </Button>
        </>
      )}
    </>
  );
}

/** The sandbox's line under the amount: nothing real is charged. */
export function TestNotice() {
  return (
    <p className="pay-test-notice" data-testid="pay-test-notice">
      <TestTag />
      {PAY_COPY.testNotice}
    </p>
  );
}

/**
 * A pay page's first card: whose it is (`name`, the restaurant or the table) and its facts; a sandbox
 * payment's (`test`) is marked 测试 and ends with the sandbox's notice.
 */
export function PayHead({
  testId,
  name,
  test,
  children,
}: {
  testId: string;
  name: string;
  test: boolean;
  children: ReactNode;
}) {
  return (
    <section className="order-card" data-testid={testId}>
      <h2 className="pay-restaurant">
        {name}
        {test && <TestTag />}
      </h2>
      {children}
      {test && <TestNotice />}
    </section>
  );
}

/**
 * A started payment that stayed on the page: a QR code's content (as text, with its link when it is
 * one) and the way to the result, or the note that WeChat's pay needs WeChat.
 */
export function StartedPayment({
  shown,
  toResult,
}: {
  shown: StartShown;
  toResult: (tradeNo: string) => void;
}) {
  if (shown.kind === "leaving") return null;
  if (shown.kind === "noBridge")
    return (
      <section className="order-card pay-next" data-testid="pay-no-bridge">
        <p className="pay-next__hint">{PAY_COPY.openInWechat}</p>
      </section>
    );
  const link = /^https?:\/\//.test(shown.content);
  return (
    <section className="order-card pay-next" data-testid="pay-qr">
      <p className="pay-next__hint">{PAY_COPY.scanToPay}</p>
      <code className="pay-next__content" data-testid="pay-qr-content">
        {shown.content}
      </code>
      <div className="pay-next__actions">
        {link && (
          <a className="pay-next__link" href={shown.content}>
            {PAY_COPY.openLink}
          </a>
        )}
        <Button size="small" color="primary" fill="outline" onClick={() => toResult(shown.tradeNo)}>
          {PAY_COPY.qrDone}
        </Button>
      </div>
    </section>
  );
}
