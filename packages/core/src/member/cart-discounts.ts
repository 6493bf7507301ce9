import type Big from "big.js";
import type { PricedCartLine } from "../cart.js";
import { cartTotal, roundMoney } from "../money.js";
import { yuanToCents } from "../payment/cents.js";
import {
  applyDiscounts,
  type DiscountLine,
  type DiscountResult,
  type MemberBenefits,
  placedDiscountLines,
} from "./discounts.js";

/** Money the submit formed (yuan, exact), as the whole cents /pay reads back: half-up to the cent. */
const centsOf = (yuan: Big) => yuanToCents(roundMoney(yuan));

/**
 * A cart's lines (priced by summarizeCart) as the discount pipeline will read the order submitting
 * them places (issue 19): each line at its regular and member amounts as the submit stores them (its
 * exact total half-up to the cent: the server's orderLine), the order's totals formed once over the
 * exact lines (cartTotal), and placedDiscountLines putting the cent between them on the last line, as
 * /pay reads the order. So the checkout and the charge start from the same cents. `memberPrices`: the
 * order is placed with member prices (the member status's vipPrice).
 */
export function cartDiscountLines(priced: readonly PricedCartLine[], memberPrices: boolean): DiscountLine[] {
  return placedDiscountLines([
    {
      totalCents: yuanToCents(cartTotal(priced.map((line) => line.total))),
      vipTotalCents: yuanToCents(cartTotal(priced.map((line) => line.vipTotal))),
      memberPrices,
      lines: priced.map((line) => ({
        key: line.key,
        dishId: line.dishId,
        count: line.count,
        totalCents: centsOf(line.total),
        vipTotalCents: centsOf(line.vipTotal),
      })),
    },
  ]);
}

/**
 * What a cart comes to before it is submitted (issue 19), as /pay will charge the order it places: the
 * pipeline's step (a) over cartDiscountLines, member price or member day, the better, a tie to the member
 * price (applyDiscounts). 满减, coupons and points are chosen at /pay, after the order is placed. `member`:
 * the benefits the submit will place the order with (null: none); `now` and `timeZone` are the
 * pipeline's clock (it reads them for coupons only, and none is held here).
 */
export function cartMemberDiscounts(
  priced: readonly PricedCartLine[],
  member: MemberBenefits | null,
  at: { now: Date; timeZone: string },
): DiscountResult {
  return applyDiscounts({
    lines: cartDiscountLines(priced, member?.vipPrice ?? false),
    member,
    now: at.now,
    timeZone: at.timeZone,
  });
}
