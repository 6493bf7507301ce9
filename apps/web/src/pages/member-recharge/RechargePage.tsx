import { OrderPageFrame } from "../../features/order/OrderPageFrame.js";
import { useReturnedParam } from "../../features/pay/use-return-path.js";
import { RechargeForm } from "../../features/recharge/RechargeForm.js";
import { RechargeResult } from "../../features/recharge/RechargeResult.js";
import { RECHARGE_COPY } from "../../features/recharge/recharge-copy.js";
import "../../features/recharge/recharge.css";

/**
 * /member/recharge (spec 001 §2, §7): the rules and 立即充值, or, back from the provider with its
 * tradeNo, the recharge's result. Lazy: its own chunk, loaded when visited.
 */
export function RechargePage() {
  const tradeNo = useReturnedParam("tradeNo");
  return (
    <OrderPageFrame title={RECHARGE_COPY.title} testId="recharge-page">
      {tradeNo ? <RechargeResult tradeNo={tradeNo} /> : <RechargeForm />}
    </OrderPageFrame>
  );
}
