import Big from "big.js";
import type { ReportRangeQuery, ReportSummary, TopDish } from "./contract/console-reports.js";
import { ORDER_STATUS } from "./contract/order.js";
import { addDays, formatDate, zonedDateTime, zonedDayStart } from "./dates.js";
import { roundMoney } from "./money.js";

/** How many dishes a summary names, the best-selling first. */
export const TOP_DISHES = 10;

/** The days a report covers and the instants they span: [start, end) in the restaurant's zone. */
export interface ReportDays {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/**
 * The range a report reads: the days asked for, in the restaurant's own calendar. Without either end
 * it is today there; with one end only, that one day.
 */
export function reportDays(query: ReportRangeQuery, now: Date, timeZone: string): ReportDays {
  const today = formatDate(now, timeZone);
  const from = query.from ?? query.to ?? today;
  const to = query.to ?? query.from ?? today;
  return { from, to, start: zonedDayStart(from, timeZone), end: zonedDayStart(addDays(to, 1), timeZone) };
}

/** An order as a report reads it. */
export interface ReportOrder {
  id: number;
  /** set on an order added to an earlier one (加菜): the party's first order */
  mainOrderId: number | null;
  createdAt: Date;
  status: number;
  /** '12.50', the goods */
  totalPrice: string;
  /** a takeout's delivery fee, cents (0 otherwise): what the diner paid on top of the goods */
  deliveryFeeCents: number;
  personNum: number;
}

/** A dish line of an order. */
export interface ReportLine {
  orderId: number;
  foodId: number;
  name: string;
  /** '2', or a weight '1.250' */
  count: string;
  /** the line's total, exact ('25.0000') */
  total: string;
}

/** Whether an order's money and diners count: every order placed, except cancelled ones. */
export function countsInReport(order: Pick<ReportOrder, "status">): boolean {
  return order.status !== ORDER_STATUS.cancelled;
}

/** Revenue per diner, half-up to the cent; none without diners (nothing to divide by). */
export function averagePerDiner(revenue: string, diners: number): string | null {
  if (diners <= 0) return null;
  return roundMoney(new Big(revenue).div(diners)).toFixed(2);
}

/**
 * Diners of a set of orders: each party once. An order added to an earlier one (加菜) carries the
 * table's count again, so a party (its first order and every addition) counts its largest count, not
 * the sum of its orders'.
 */
export function dinersOf(orders: readonly Pick<ReportOrder, "id" | "mainOrderId" | "personNum">[]): number {
  const parties = new Map<number, number>();
  for (const order of orders) {
    const party = order.mainOrderId ?? order.id;
    parties.set(party, Math.max(parties.get(party) ?? 0, order.personNum));
  }
  let diners = 0;
  for (const count of parties.values()) diners += count;
  return diners;
}

/** Quantity first, then revenue, then the dish id: a stable order of the best-selling dishes. */
function byBestSelling(a: TopDish, b: TopDish): number {
  return new Big(b.quantity).cmp(a.quantity) || new Big(b.revenue).cmp(a.revenue) || a.foodId - b.foodId;
}

/**
 * The numbers of a range (Today's numbers): orders placed in it and not cancelled; their totals summed
 * exactly and rounded half-up once; diners per party; the best-selling dishes by quantity (the name
 * their latest line gave them); orders per hour of the restaurant's clock. `orders` are the range's
 * orders (any status), `lines` their lines.
 */
export function summarizeOrders(input: {
  days: Pick<ReportDays, "from" | "to">;
  timezone: string;
  orders: readonly ReportOrder[];
  lines: readonly ReportLine[];
  topDishes?: number;
}): ReportSummary {
  const counted = input.orders.filter(countsInReport);
  const countedIds = new Set(counted.map((order) => order.id));
  // what the orders took: the goods and, on a takeout, its delivery fee (issue 24)
  const revenue = counted.reduce(
    (sum, order) => sum.plus(order.totalPrice).plus(new Big(order.deliveryFeeCents).div(100)),
    new Big(0),
  );
  const revenueText = roundMoney(revenue).toFixed(2);
  const diners = dinersOf(counted);

  const createdAt = new Map(counted.map((order) => [order.id, order.createdAt.getTime()]));
  const dishes = new Map<number, { name: string; at: number; quantity: Big; revenue: Big }>();
  for (const line of input.lines) {
    const at = createdAt.get(line.orderId);
    if (at === undefined || !countedIds.has(line.orderId)) continue;
    const dish = dishes.get(line.foodId);
    if (!dish) {
      dishes.set(line.foodId, {
        name: line.name,
        at,
        quantity: new Big(line.count),
        revenue: new Big(line.total),
      });
      continue;
    }
    if (at >= dish.at) {
      dish.name = line.name;
      dish.at = at;
    }
    dish.quantity = dish.quantity.plus(line.count);
    dish.revenue = dish.revenue.plus(line.total);
  }
  const topDishes = [...dishes.entries()]
    .map(([foodId, dish]) => ({
      foodId,
      name: dish.name,
      // 2, not 2.000: whole dishes read as counts, weights keep their places
      quantity: dish.quantity.toString(),
      revenue: roundMoney(dish.revenue).toFixed(2),
    }))
    .sort(byBestSelling)
    .slice(0, input.topDishes ?? TOP_DISHES);

  const byHour = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0 }));
  for (const order of counted) {
    const hour = Math.floor(zonedDateTime(order.createdAt, input.timezone).minutes / 60);
    const slot = byHour[hour];
    if (slot) slot.orders += 1;
  }

  return {
    from: input.days.from,
    to: input.days.to,
    timezone: input.timezone,
    orders: counted.length,
    revenue: revenueText,
    diners,
    averagePerDiner: averagePerDiner(revenueText, diners),
    topDishes,
    byHour,
  };
}

/** The orders export's columns (orders.csv), in Chinese for the spreadsheet it opens in. */
export const ORDERS_CSV_HEADER = [
  "订单号",
  "下单时间",
  "桌台",
  "就餐方式",
  "状态",
  "人数",
  "订单金额",
  "菜品",
] as const;

export const EAT_TYPE_WORDS: Readonly<Record<string, string>> = {
  dine: "堂食",
  fast: "快餐",
  takeout: "外卖",
  reserve: "预订",
};

export const ORDER_STATUS_WORDS: Readonly<Record<number, string>> = {
  0: "已下单",
  1: "已接单",
  2: "制作中",
  4: "已取消",
  5: "已关闭",
  7: "已结账",
  8: "已上菜",
};

/** One dish line as the export lists it: '宫保鸡丁(大份)×2'. */
export function exportedLine(line: { name: string; normName?: string; count: string }): string {
  const norm = line.normName ? `(${line.normName})` : "";
  return `${line.name}${norm}×${new Big(line.count).toString()}`;
}
