import type Big from "big.js";
import type { CartLine } from "../cart.js";
import type { Dish } from "../contract/menu.js";
import { roundMoney } from "../money.js";
import { yuanToCents } from "../payment/cents.js";
import { cartTotal, priceLine } from "../pricing.js";
import {
  applyDiscounts,
  type DiscountLine,
  type DiscountResult,
  type MemberBenefits,
  placedDiscountLines,
} from "./discounts.js";

type DishLookup = (foodId: number) => Dish | undefined;

/** Money the submit formed (yuan, exact), as the whole cents /pay reads back: half-up to the cent. */
const centsOf = (yuan: Big) => yuanToCents(roundMoney(yuan));

/**
 * A cart's lines as the discount pipeline will read the order submitting it places (issue 19): each
 * line at its regular and member amounts as the submit stores them (priceLine's exact total, half-up to
 * the cent: the server's orderLine), the order's totals formed once over the exact lines (cartTotal),
 * and placedDiscountLines putting the cent between them on the last line, as /pay reads the order. So
 * the checkout and the charge start from the same cents. A line whose dish the menu no longer has is
 * left out (as summarizeCart leaves it; the submit refuses it). `memberPrices`: the order is placed with
 * member prices (the member status's vipPrice).
 */
export function cartDiscountLines(
  lines: readonly CartLine[],
  dishOf: DishLookup,
  memberPrices: boolean,
): DiscountLine[] {
  const priced = lines.flatMap((line) => {
    const dish = dishOf(line.foodId);
    if (!dish) return [];
    const total = priceLine(dish, line, line.count, false).total;
    const vipTotal = priceLine(dish, line, line.count, true).total;
    return [{ line, total, vipTotal }];
  });
  return placedDiscountLines([
    {
      totalCents: yuanToCents(cartTotal(priced.map((p) => p.total))),
      vipTotalCents: yuanToCents(cartTotal(priced.map((p) => p.vipTotal))),
      memberPrices,
      lines: priced.map(({ line, total, vipTotal }) => ({
        key: line.detailId,
        dishId: line.foodId,
        count: Number(line.count),
        totalCents: centsOf(total),
        vipTotalCents: centsOf(vipTotal),
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
  lines: readonly CartLine[],
  dishOf: DishLookup,
  member: MemberBenefits | null,
  at: { now: Date; timeZone: string },
): DiscountResult {
  return applyDiscounts({
    lines: cartDiscountLines(lines, dishOf, member?.vipPrice ?? false),
    member,
    now: at.now,
    timeZone: at.timeZone,
  });
}
