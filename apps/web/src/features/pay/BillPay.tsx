import { ApiError, formatMoney } from "@tablemate/client";
import { type BillClaimRequest, type BillLine, type BillView, MSG } from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { useEffect, useMemo, useRef, useState } from "react";
import { bill, claim, payBill } from "../../api/pay.js";
import { session } from "../../storage.js";
import { Money } from "../cart/Money.js";
import { subscribeTableEvents } from "../cart/table-events.js";
import { useOrderNavigation } from "../checkout/order-navigation.js";
import { useMenuText } from "../language/menu-texts.js";
import { showToast } from "../loading/toast.js";
import { FactRow, OrderNotice, OrderPageFrame } from "../order/OrderPageFrame.js";
import {
  heldSignature,
  lineShares,
  type ShareView,
  SPLIT_CHOICES,
  unclaimedOwnLines,
} from "./bill-shares.js";
import { PayHead, StartedPayment } from "./PayParts.js";
import { PAY_COPY } from "./pay-copy.js";
import { useLoaded } from "./use-loaded.js";
import { usePayRid } from "./use-pay-rid.js";
import { useReturnPath } from "./use-return-path.js";
import { useStartPay } from "./use-start-pay.js";

type Claims = BillClaimRequest["claims"];

/** Where this phone notes that a visit's bill claimed its own lines once (a release then stays released). */
const defaultsKey = (visitId: number) => `tablemate.billDefaults:${visitId}`;

const SHARE_WORDS: Record<ShareView["state"], string> = {
  free: PAY_COPY.shareFree,
  mine: PAY_COPY.shareMine,
  held: PAY_COPY.shareHeld,
  paid: PAY_COPY.sharePaid,
};

function Share({ view, of }: { view: ShareView; of: number }) {
  return (
    <li className={`bill-share bill-share--${view.state}`} data-testid="bill-share" data-state={view.state}>
      {of > 1 && <span>{PAY_COPY.share(view.share, of)}</span>}
      {view.state !== "free" && <Money value={view.amount} />}
      <span className="bill-share__state">{SHARE_WORDS[view.state]}</span>
    </li>
  );
}

/** One line: who added it, its shares and their state, and this diner's split and take. */
function Line({ line, busy, onClaim }: { line: BillLine; busy: boolean; onClaim: (claims: Claims) => void }) {
  const view = lineShares(line);
  const t = useMenuText();
  const send = (shares: number, take: number) => onClaim([{ lineId: line.lineId, shares, take }]);
  return (
    <section className="order-card bill-line" data-testid="bill-line" data-line={line.lineId}>
      <div className="bill-line__top">
        <div className="bill-line__name">
          {t(line.name)}
          <span className="bill-line__count">×{line.count}</span>
        </div>
        <Money className="bill-line__total" value={line.total} />
      </div>
      {line.detail && <div className="bill-line__detail">{line.detail}</div>}
      <span className={line.mine ? "bill-tag bill-tag--mine" : "bill-tag"}>
        {line.mine ? PAY_COPY.addedByMe : PAY_COPY.addedByOther}
      </span>
      <ul className="bill-shares">
        {view.shares.map((share) => (
          <Share key={share.share} view={share} of={line.shares} />
        ))}
      </ul>
      {!view.done && (
        <div className="bill-controls">
          {view.splittable && (
            <fieldset className="bill-split" aria-label={PAY_COPY.split}>
              {SPLIT_CHOICES.map((n) => (
                <button
                  type="button"
                  key={n}
                  className={n === line.shares ? "bill-chip bill-chip--on" : "bill-chip"}
                  aria-pressed={n === line.shares}
                  disabled={busy || n === line.shares}
                  // a split is kept by holding a part of it: this diner keeps theirs, at least one
                  onClick={() => send(n, Math.min(Math.max(view.mine, 1), n))}
                >
                  {n === 1 ? PAY_COPY.whole : PAY_COPY.splitInto(n)}
                </button>
              ))}
            </fieldset>
          )}
          {line.shares === 1 ? (
            <Button
              size="small"
              shape="rounded"
              color="primary"
              fill={view.mine ? "outline" : "solid"}
              disabled={busy}
              onClick={() => send(1, view.mine ? 0 : 1)}
            >
              {view.mine ? PAY_COPY.release : PAY_COPY.claim}
            </Button>
          ) : (
            <div className="bill-take">
              <button
                type="button"
                className="bill-step"
                aria-label={PAY_COPY.fewer}
                disabled={busy || view.mine === 0}
                onClick={() => send(line.shares, view.mine - 1)}
              >
                −
              </button>
              <span className="bill-take__text" data-testid="bill-take">
                {PAY_COPY.take(view.mine)}
              </span>
              <button
                type="button"
                className="bill-step"
                aria-label={PAY_COPY.more}
                disabled={busy || view.mine >= view.most}
                onClick={() => send(line.shares, view.mine + 1)}
              >
                +
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * /pay?bill=1 (pay later): the table's bill split by item. This diner's own lines are theirs by
 * default; any line can be split among 2 to 6 and some shares taken; the server answers every amount.
 * 支付我的部分 pays what this diner holds, as an order is paid.
 */
export function BillPay() {
  const rid = usePayRid();
  const nav = useOrderNavigation();
  const load = useMemo(() => (rid === null ? null : () => bill(rid)), [rid]);
  const { state, reload, put } = useLoaded(load);
  const [claiming, setClaiming] = useState(false);
  const resultQuery = useMemo(() => ({ bill: "1" }), []);
  const returnPath = useReturnPath(resultQuery);
  const { start, starting, shown, toResult } = useStartPay(resultQuery, reload);
  const claimingRef = useRef(false);

  // an order of the table changed (a tablemate's share paid, the table settled, an order
  // cancelled: type 12): the bill is asked again, so every phone shows what is paid and what is left
  useEffect(
    () =>
      subscribeTableEvents((event) => {
        if ("message" in event && event.message.type === MSG.orderStatus) reload();
      }),
    [reload],
  );

  const sendClaims = async (claims: Claims) => {
    if (rid === null || claimingRef.current) return;
    claimingRef.current = true;
    setClaiming(true);
    try {
      const answer = await claim(rid, claims);
      // the claims call answers the bill as it now is; anything else: ask for it
      if (answer && Array.isArray(answer.lines)) put(answer);
      else reload();
    } catch (error) {
      showToast(
        error instanceof ApiError && error.kind === "envelope" && error.message
          ? error.message
          : PAY_COPY.claimFailed,
      );
      reload();
    } finally {
      claimingRef.current = false;
      setClaiming(false);
    }
  };

  const ready = state.kind === "ready" ? state.value : null;
  // this diner's own lines are theirs by default: claimed once per visit (on its first answer, read
  // through a ref) when nobody holds them
  const firstAnswer = useRef({ ready, sendClaims });
  firstAnswer.current = { ready, sendClaims };
  const visitId = ready?.visitId ?? null;
  useEffect(() => {
    const { ready: answer, sendClaims: send } = firstAnswer.current;
    if (visitId === null || !answer || answer.settled || session.get(defaultsKey(visitId))) return;
    session.set(defaultsKey(visitId), "1");
    const own = unclaimedOwnLines(answer);
    if (own.length > 0) void send(own.map((line) => ({ lineId: line.lineId, shares: 1, take: 1 })));
  }, [visitId]);

  if (!ready) {
    return (
      <OrderPageFrame title={PAY_COPY.billTitle} testId="bill-page">
        {state.kind === "failed" && (
          <OrderNotice
            message={state.message || PAY_COPY.loadFailed}
            actions={[{ label: PAY_COPY.retry, run: reload, primary: true }]}
          />
        )}
      </OrderPageFrame>
    );
  }

  const view: BillView = ready;
  const canPay = !view.settled && Number(view.mine) > 0;
  const pay = () => {
    if (rid === null) return;
    void start({ kind: "bill", rid }, `${view.mine}|${heldSignature(view)}|${returnPath}`, (key) =>
      payBill(rid, returnPath, key),
    );
  };
  const footer = view.settled ? (
    <>
      <span className="order-total">{PAY_COPY.billSettled}</span>
      <Button color="primary" shape="rounded" onClick={nav.toOrderList}>
        {PAY_COPY.viewOrder}
      </Button>
    </>
  ) : (
    <>
      <span className="order-total" data-testid="bill-mine">
        {PAY_COPY.billMine} <Money className="order-total__money" value={view.mine} />
      </span>
      <Button color="primary" shape="rounded" loading={starting} disabled={!canPay || claiming} onClick={pay}>
        {PAY_COPY.payMine}
      </Button>
    </>
  );

  return (
    <OrderPageFrame title={PAY_COPY.billTitle} testId="bill-page" footer={footer}>
      <PayHead testId="bill-summary" name={view.tableName} test={view.test}>
        <FactRow label={PAY_COPY.billTotal} testId="bill-total">
          {formatMoney(view.total)}
        </FactRow>
        <FactRow label={PAY_COPY.billPaid} testId="bill-paid">
          {formatMoney(view.paid)}
        </FactRow>
        <FactRow label={PAY_COPY.billLeft} testId="bill-left">
          {formatMoney(view.left)}
        </FactRow>
        {Number(view.refunded) > 0 && (
          <FactRow label={PAY_COPY.refunded} testId="bill-refunded">
            {formatMoney(view.refunded)}
          </FactRow>
        )}
      </PayHead>
      {view.lines.map((line) => (
        <Line
          key={line.lineId}
          line={line}
          busy={claiming || view.settled}
          onClaim={(c) => void sendClaims(c)}
        />
      ))}
      {shown && <StartedPayment shown={shown} toResult={toResult} />}
    </OrderPageFrame>
  );
}
