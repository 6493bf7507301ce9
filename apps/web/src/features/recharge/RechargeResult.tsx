import { formatMoney } from "@tablemate/client";
import { centsToYuan, type RechargeView } from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { useEffect, useState } from "react";
import { readMemberLogin } from "../../api/member-http.js";
import { fetchRecharge } from "../../api/recharge.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { balanceText } from "../member/member-format.js";
import { MEMBER_PAGES } from "../member/member-pages.js";
import { FactRow } from "../order/OrderPageFrame.js";
import { ResultActions, ResultMark, ResultPending } from "../pay/PayParts.js";
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
        <ResultMark paid={false} title={RECHARGE_COPY.notCompleted} />
        <Button color="primary" shape="rounded" onClick={again}>
          {RECHARGE_COPY.rechargeAgain}
        </Button>
      </section>
    );
  }

  if (status === "paid" && recharge?.state === "paid") {
    return (
      <section className="order-card pay-result" data-testid="recharge-result" data-status="paid">
        <ResultMark paid title={RECHARGE_COPY.success} test={recharge.test} />
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
            {balanceText(recharge.balance)}
          </FactRow>
        </div>
        <ResultActions
          first={{ label: RECHARGE_COPY.viewMember, run: toMember }}
          second={{ label: RECHARGE_COPY.rechargeMore, run: again }}
        />
      </section>
    );
  }

  return (
    <section className="order-card pay-result" data-testid="recharge-result" data-status="pending">
      <ResultPending copy={RECHARGE_COPY} slow={slow} refresh={refresh} />
    </section>
  );
}
