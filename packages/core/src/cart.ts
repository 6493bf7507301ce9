import Big from "big.js";
import type { z } from "zod";
import type { Dish } from "./contract/menu.js";
import type { cartLineSchema } from "./contract/realtime.js";
import { detailId } from "./detail-id.js";
import { dishAvailability } from "./dish-rules.js";
import { checkChoice } from "./line-rules.js";
import { cartTotal } from "./money.js";
import { type LineChoice, priceLine } from "./pricing.js";
import { checkQuantity, decrement, increment } from "./quantity.js";

/**
 * The cart as pure data and operations. The diner app applies them locally; the server applies the
 * same functions in a transaction (the shared-cart issue), so a rule never exists twice. A line is
 * its choice, detail id, dish, count (decimal text: weighed dishes take exact decimal quantities) and
 * note, as the contract's schema says it travels.
 */
export type CartLine = z.infer<typeof cartLineSchema>;

/**
 * A line the cart does not hold yet. Its fields are listed, not spread from the choice: on Node 20's
 * V8 an object spread followed by new keys is slow and keeps garbage alive (ARCHITECTURE.md).
 */
export function newLine(foodId: number, choice: LineChoice, count: string): CartLine {
  return {
    normId: choice.normId,
    methodIds: choice.methodIds,
    additions: choice.additions,
    parts: choice.parts,
    detailId: detailId(foodId, choice),
    foodId,
    count,
    memo: "",
  };
}

export type CartOp =
  | { kind: "add"; foodId: number; choice: LineChoice }
  | { kind: "minus"; detailId: string }
  | { kind: "set"; detailId: string; count: string }
  | { kind: "clear" };

export type CartResult = { ok: true; lines: CartLine[] } | { ok: false; message: string };

type DishLookup = (foodId: number) => Dish | undefined;

function dishTotal(lines: readonly CartLine[], foodId: number, exceptDetailId?: string): Big {
  return lines
    .filter((l) => l.foodId === foodId && l.detailId !== exceptDetailId)
    .reduce((sum, l) => sum.plus(l.count), new Big(0));
}

function withCount(lines: readonly CartLine[], line: CartLine, count: Big): CartLine[] {
  if (count.eq(0)) return lines.filter((l) => l.detailId !== line.detailId);
  const updated = { ...line, count: count.toString() };
  const exists = lines.some((l) => l.detailId === line.detailId);
  return exists ? lines.map((l) => (l.detailId === line.detailId ? updated : l)) : [...lines, updated];
}

export function applyCartOp(lines: readonly CartLine[], op: CartOp, dishOf: DishLookup): CartResult {
  if (op.kind === "clear") return { ok: true, lines: [] };
  if (op.kind === "add") {
    const dish = dishOf(op.foodId);
    if (!dish) return { ok: false, message: "菜品不存在" };
    const availability = dishAvailability(dish, dish);
    if (availability === "outOfPeriod") return { ok: false, message: `${dish.name}当前为非可售时间` };
    if (availability === "soldOut") return { ok: false, message: `${dish.name}已售罄` };
    const choice = checkChoice(dish, op.choice);
    if (!choice.ok) return choice;
    const id = detailId(op.foodId, op.choice);
    const line = lines.find((l) => l.detailId === id) ?? newLine(op.foodId, op.choice, "0");
    const result = increment(dish, new Big(line.count), dishTotal(lines, op.foodId));
    return result.ok
      ? { ok: true, lines: withCount(lines, line, result.count) }
      : { ok: false, message: result.message };
  }
  const line = lines.find((l) => l.detailId === op.detailId);
  const dish = line && dishOf(line.foodId);
  if (!line || !dish) return { ok: false, message: "购物车中没有该菜品" };
  if (op.kind === "minus")
    return { ok: true, lines: withCount(lines, line, decrement(dish, new Big(line.count))) };
  let count: Big;
  try {
    count = new Big(op.count);
  } catch {
    return { ok: false, message: "数量不正确" };
  }
  if (count.eq(0)) return { ok: true, lines: withCount(lines, line, count) };
  const result = checkQuantity(dish, count, dishTotal(lines, line.foodId, line.detailId).plus(count));
  return result.ok
    ? { ok: true, lines: withCount(lines, line, result.count) }
    : { ok: false, message: result.message };
}

/** A cart line priced: its exact totals at regular and at member prices (a member price missing: the regular). */
export interface PricedCartLine {
  /** the line's detail id */
  key: string;
  dishId: number;
  count: number;
  total: Big;
  vipTotal: Big;
}

export interface CartSummary {
  /** items for the count bubble: each unit of a counted dish, each weighed line once */
  count: number;
  total: Big;
  vipTotal: Big;
  /** the lines whose dish the menu has, priced (what the member pricing takes: member/cart-discounts.ts) */
  priced: PricedCartLine[];
}

export function summarizeCart(
  lines: readonly CartLine[],
  dishOf: DishLookup,
  isMember: boolean,
): CartSummary {
  let count = 0;
  const priced = lines.flatMap((line): PricedCartLine[] => {
    const dish = dishOf(line.foodId);
    if (!dish) return [];
    const units = Number(line.count);
    count += dish.Weigh ? 1 : units;
    return [
      {
        key: line.detailId,
        dishId: line.foodId,
        count: units,
        total: priceLine(dish, line, line.count, false).total,
        vipTotal: priceLine(dish, line, line.count, true).total,
      },
    ];
  });
  return {
    count,
    total: cartTotal(priced.map((l) => (isMember ? l.vipTotal : l.total))),
    vipTotal: cartTotal(priced.map((l) => l.vipTotal)),
    priced,
  };
}

/** How many of a dish the cart holds across its lines (the 选择 bubble of combos and complex dishes). */
export function orderedCount(lines: readonly CartLine[], foodId: number): number {
  return lines.filter((l) => l.foodId === foodId).reduce((n, l) => n + Number(l.count), 0);
}
