import { formatMoney, YUAN } from "@tablemate/client";
import { centsToYuan, formatBalance, type RechargeView } from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { useEffect, useState } from "react";
import { readMemberLogin } from "../../api/member-http.js";
import { fetchRecharge } from "../../api/recharge.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { Spinner } from "../loading/Spinner.js";
import { MEMBER_PAGES } from "../member/member-pages.js";
import { FactRow } from "../order/OrderPageFrame.js";
import { TestTag } from "../pay/PayParts.js";
import { forgetPayKey } from "../pay/pay-key.js";
import { useAttemptPoll } from "../pay/use-attempt-poll.js";
import { usePayRid } from "../pay/use-pay-rid.js";
import { RECHARGE_COPY } from "./recharge-copy.js";

const yuan = (cents: number) => formatMoney(centsToYuan(cents));

/**
 * The recharge the provider sent the browser back with (`tradeNo`): its attempt asked until the server
 * says paid, failed or closed (as /pay/success does; the return itself proves nothing), then, paid, the
 * recharge as the server posted it: the amount, the gift, and the card's new balance.
 */
export function RechargeResult({ tradeNo }: { tradeNo: string }) {
  const rid = usePayRid();
  const navigate = useCarryingNavigate();
  const { seen, slow, refresh } = useAttemptPoll(rid, tradeNo);
  const status = seen?.status ?? "pending";
  const [recharge, setRecharge] = useState<RechargeView | null>(null);

  useEffect(() => {
    if (rid === null) return;
    const login = readMemberLogin(rid);
    if (status === "failed" || status === "closed") {
      // paying again is a new request, signed anew
      if (login?.cardId != null) forgetPayKey({ kind: "recharge", rid, cardId: login.cardId });
      return;
    }
    if (status !== "paid" || !login) return;
    let live = true;
    fetchRecharge(rid, tradeNo)
      .then((view) => live && setRecharge(view))
      .catch(refresh);
    return () => {
      live = false;
    };
  }, [status, rid, tradeNo, refresh]);

  const again = () => navigate(MEMBER_PAGES.recharge, { replace: true });
  const toMember = () => navigate(MEMBER_PAGES.center);

  if (status === "failed" || status === "closed") {
    return (
      <section className="order-card pay-result" data-testid="recharge-result" data-status={status}>
        <span className="pay-result__mark pay-result__mark--no" aria-hidden="true">
          !
        </span>
        <p className="pay-result__title">{RECHARGE_COPY.notCompleted}</p>
        <Button color="primary" shape="rounded" onClick={again}>
          {RECHARGE_COPY.rechargeAgain}
        </Button>
      </section>
    );
  }

  if (status === "paid" && recharge?.state === "paid") {
    return (
      <section className="order-card pay-result" data-testid="recharge-result" data-status="paid">
        <span className="pay-result__mark pay-result__mark--ok" aria-hidden="true">
          ✓
        </span>
        <p className="pay-result__title">
          {RECHARGE_COPY.success}
          {recharge.test && <TestTag />}
        </p>
        <div className="recharge-result__facts">
          <FactRow label={RECHARGE_COPY.paidAmount} testId="recharge-paid">
            {yuan(recharge.rechargeMoney)}
          </FactRow>
          {recharge.giftMoney > 0 && (
            <FactRow label={RECHARGE_COPY.gift} testId="recharge-gift">
              {yuan(recharge.giftMoney)}
            </FactRow>
          )}
          {recharge.giftPoints > 0 && (
            <FactRow label={RECHARGE_COPY.points} testId="recharge-points">
              {recharge.giftPoints}
            </FactRow>
          )}
          <FactRow label={RECHARGE_COPY.balance} testId="recharge-balance">
            {/* a balance as 001 §9 shows it: cents / 100 with two places, or '--' */}
            {recharge.balance === null ? "--" : `${YUAN}${formatBalance(recharge.balance)}`}
          </FactRow>
        </div>
        <div className="pay-result__actions">
          <Button color="primary" shape="rounded" onClick={toMember}>
            {RECHARGE_COPY.viewMember}
          </Button>
          <Button color="primary" fill="outline" shape="rounded" onClick={again}>
            {RECHARGE_COPY.rechargeMore}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className="order-card pay-result" data-testid="recharge-result" data-status="pending">
      <Spinner />
      <p className="pay-result__title">{RECHARGE_COPY.confirming}</p>
      {slow && (
        <>
          <p className="pay-muted">{RECHARGE_COPY.slowConfirm}</p>
          <Button color="primary" fill="outline" shape="rounded" onClick={refresh}>
            {RECHARGE_COPY.refresh}
          </Button>
        </>
      )}
    </section>
  );
}
