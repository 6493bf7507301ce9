import { SelectCoupons } from "../../features/pay/SelectCoupons.js";

/** /member/selectCoupons: the coupon choice of /pay, loaded only when visited. */
export function SelectCouponsPage() {
  return <SelectCoupons />;
}
