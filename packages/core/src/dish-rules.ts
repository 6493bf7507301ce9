import Big from "big.js";
import type { Category, Dish, PeriodDishInfo } from "./contract/menu.js";
import { dishUnit } from "./dish-display.js";
import { truncateMoney } from "./money.js";
import { AVAILABLE, AVAILABLE_SOON, saleStatus, UNAVAILABLE } from "./period.js";

/** Stock at or below this shows 仅剩n (spec 000 §9, 001 §5). */
export const LOW_STOCK_THRESHOLD = 10;
export const ATTACH_TEXT_MAX_PARTS = 2;
export const RECOMMEND_MIN = 3;
export const RECOMMEND_MAX = 6;
export const OTHER_CATEGORY = "其它";

type StockDish = Pick<Dish, "estimate" | "minCount">;

/** Sold out: no stock, or less stock than the minimum order (spec 000 §4). */
export function isSoldOut(dish: StockDish): boolean {
  if (dish.estimate === 0) return true;
  return dish.estimate !== -1 && dish.minCount !== undefined && dish.estimate < dish.minCount;
}

type SortedDish = StockDish & Pick<Dish, "availableStatus" | "salablePeriodType">;

/**
 * Where a dish sorts within its category: on sale, then available soon (status 2: it can still be
 * ordered later in the meal), then sold out or unavailable now (status 3). Spec 001 §4 sorts sold-out
 * dishes after available ones; a dish out of its sale period cannot be ordered either, so it follows
 * them too.
 */
function saleRank(dish: SortedDish): number {
  const status = saleStatus(dish);
  if (status === AVAILABLE_SOON) return 1;
  if (status === UNAVAILABLE || isSoldOut(dish)) return 2;
  return 0;
}

/** Within a category: on sale, available soon, then sold out or unavailable; each run in menu order. */
export function saleOrder<T extends SortedDish>(dishes: readonly T[]): T[] {
  const runs: T[][] = [[], [], []];
  for (const dish of dishes) runs[saleRank(dish)]?.push(dish);
  return runs.flat();
}

export type Availability = "sellable" | "soldOut" | "outOfPeriod";

/** Outside sale hours wins over sold out: the card then shows the period mask, not 售罄. */
export function dishAvailability(
  dish: StockDish,
  period: Pick<PeriodDishInfo, "availableStatus"> | undefined,
): Availability {
  if (period && period.availableStatus !== AVAILABLE) return "outOfPeriod";
  return isSoldOut(dish) ? "soldOut" : "sellable";
}

export function isAddable(
  dish: StockDish,
  period: Pick<PeriodDishInfo, "availableStatus"> | undefined,
): boolean {
  return dishAvailability(dish, period) === "sellable";
}

/**
 * The words of a dish's small texts, member tag and low-stock hint: the spec's own (000 §4, 001 §5) by
 * default; an app reading another language passes the same words in it.
 */
export const DISH_TEXT = {
  minimum: (count: number, unit: string) => `${count}${unit}起售`,
  left: (count: number) => `仅剩${count}`,
  endsAt: (time: string) => `${time}后不可售`,
  separator: "，",
  memberPrice: (price: string) => `会员价${price}`,
  memberSaved: (saved: string) => `会员已省${saved}`,
  lowStock: (name: string, left: number) => `${name}仅剩${left}份`,
};
export type DishText = typeof DISH_TEXT;

/**
 * The small text under a dish (spec 000 §4): at most 2 of — minimum + unit + 起售; 仅剩 + stock when
 * 1 to 10 and not below the minimum; the end time + 后不可售 when sale hours end soon.
 */
export function attachText(
  dish: StockDish & Pick<Dish, "unit" | "dishesUnit">,
  period: Pick<PeriodDishInfo, "availableStatus" | "nextTime"> | undefined,
  endsSoon: boolean,
  text: DishText = DISH_TEXT,
): string {
  const parts: string[] = [];
  if (dish.minCount !== undefined && dish.minCount > 1)
    parts.push(text.minimum(dish.minCount, dishUnit(dish)));
  const { estimate, minCount = 0 } = dish;
  if (estimate >= 1 && estimate <= LOW_STOCK_THRESHOLD && estimate >= minCount)
    parts.push(text.left(estimate));
  if (endsSoon && period?.nextTime) parts.push(text.endsAt(period.nextTime));
  return parts.slice(0, ATTACH_TEXT_MAX_PARTS).join(text.separator);
}

/**
 * The low-stock hint a diner is told on adding a dish (001 §5, §9; 000 §9): '{name}仅剩{n}份' while the
 * estimate is above 0 and at most 10, beside the card's 仅剩n; null otherwise (unlimited, sold out, plenty).
 */
export function lowStockHint(
  dish: Pick<Dish, "name" | "estimate">,
  text: DishText = DISH_TEXT,
): string | null {
  if (dish.estimate < 1 || dish.estimate > LOW_STOCK_THRESHOLD) return null;
  return text.lowStock(dish.name, dish.estimate);
}

/**
 * The headline of the availability-period mask (001 §4): available soon (2) says when, 'HH:MM后可售'
 * (即将可售 while the time is unknown: the period info has not loaded); unavailable now (3) says
 * 暂不可售; a dish on sale has none.
 */
export function periodHeadline(period: Pick<PeriodDishInfo, "availableStatus" | "nextTime">): string | null {
  if (period.availableStatus === AVAILABLE_SOON)
    return period.nextTime ? `${period.nextTime}后可售` : "即将可售";
  if (period.availableStatus === UNAVAILABLE) return "暂不可售";
  return null;
}

/** The 非可售时间 message with the dish's sale hours. */
export function unsellableMessage(
  period: Pick<PeriodDishInfo, "availableDaysString" | "availableTimeString">,
): string {
  return `非可售时间，可售时间：${period.availableDaysString} ${period.availableTimeString}`;
}

/** Savings show 2 decimals only when fractional (spec 000 §5): 3 → '3', 2.5 → '2.50'. */
export function formatSavings(amount: Big): string {
  return amount.mod(1).eq(0) ? amount.toFixed(0) : amount.toFixed(2);
}

export type MemberTag = { kind: "saved"; text: string } | { kind: "vipPrice"; text: string } | null;

/**
 * Member display (spec 000 §4): a member sees 会员已省 + the saving; anyone else 会员价 + the member
 * price; nothing unless vipPrice is set and differs from the price.
 */
export function memberTag(
  dish: Pick<Dish, "price" | "vipPrice">,
  isMember: boolean,
  text: DishText = DISH_TEXT,
): MemberTag {
  if (dish.vipPrice == null || new Big(dish.vipPrice).eq(dish.price)) return null;
  if (isMember)
    return { kind: "saved", text: text.memberSaved(formatSavings(new Big(dish.price).minus(dish.vipPrice))) };
  return { kind: "vipPrice", text: text.memberPrice(truncateMoney(dish.vipPrice)) };
}

/** 老板推荐: shown with 3 or more, at most 6; template 2 features 1 dish if the count is odd, else 2. */
export function recommendLayout<T>(
  dishes: readonly T[],
  template: number,
): { featured: T[]; rest: T[] } | null {
  if (dishes.length < RECOMMEND_MIN) return null;
  const shown = dishes.slice(0, RECOMMEND_MAX);
  if (template !== 2) return { featured: [], rest: shown };
  const featuredCount = shown.length % 2 === 1 ? 1 : 2;
  return { featured: shown.slice(0, featuredCount), rest: shown.slice(featuredCount) };
}

/** The category pop-up is two-level if any category has more than one second category or one not named 其它. */
export function isTwoLevelPopup(categories: readonly Pick<Category, "secondCategories">[]): boolean {
  return categories.some(
    (c) => c.secondCategories.length > 1 || c.secondCategories.some((s) => s.name !== OTHER_CATEGORY),
  );
}

/** The second-category strip hides when the only second category is 其它. */
export function showsSecondStrip(category: Pick<Category, "secondCategories">): boolean {
  const seconds = category.secondCategories;
  if (seconds.length === 0) return false;
  return !(seconds.length === 1 && seconds[0]?.name === OTHER_CATEGORY);
}

/** Badge counts show 99+ above 99 (spec 001 §2). */
export function badgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}
