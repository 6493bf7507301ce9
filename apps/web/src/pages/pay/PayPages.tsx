import { parseId } from "@tablemate/core";
import { useLocation, useSearchParams } from "react-router";
import { useCompanionOrders } from "../../features/order/use-companion-orders.js";
import { BillPay } from "../../features/pay/BillPay.js";
import { OrderPay } from "../../features/pay/OrderPay.js";
import { PayResult } from "../../features/pay/PayResult.js";
import { SelectCoupons } from "../../features/pay/SelectCoupons.js";
import { PATHS } from "../../router/paths.js";

/**
 * /pay: an order's payment (`orderId`), or with `bill=1` this diner's part of the table's bill; and
 * /pay/success?tradeNo=, the provider's way back, whose result is the server's, asked until final;
 * and /member/selectCoupons, /pay's coupon choice.
 * One page for both routes: the menu's first screen names every route's chunks, within its budget.
 */
export function PayPages() {
  const { pathname } = useLocation();
  if (pathname.endsWith(PATHS.paySuccess)) return <PayResult />;
  if (pathname.endsWith(PATHS.memberSelectCoupons)) return <SelectCoupons />;
  return <PayPage />;
}

function PayPage() {
  useCompanionOrders();
  const [params] = useSearchParams();
  if (params.get("bill") === "1") return <BillPay />;
  return <OrderPay orderId={parseId(params.get("orderId"))} />;
}
