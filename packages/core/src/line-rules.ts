import Big from "big.js";
import type { CartLine } from "./cart.js";
import type { Dish } from "./contract/menu.js";
import { MAX_CHOICE_COUNT } from "./contract/realtime.js";
import { dishUnit } from "./dish-display.js";
import { dishAvailability } from "./dish-rules.js";
import { comboGroups, pickedInGroup } from "./line-choice.js";
import { COMBO_NOTE_REFUSED, checkNote } from "./notes.js";
import type { LineChoice } from "./pricing.js";
import {
  checkDishTotal,
  checkLineCount,
  MAX_QUANTITY,
  type QuantityResult,
  stockMessage,
} from "./quantity.js";

/*
 * The rules every cart line obeys, however it reached the server: an add over the table socket, or
 * a whole local cart sent with the order when the socket was down. The options must be the dish's
 * own, chosen as the app's pickers choose them; the count obeys quantity.ts's rule.
 */

export type RuleResult = { ok: true } | { ok: false; message: string };

type ChoiceDish = Pick<
  Dish,
  "name" | "foodproperty" | "norms" | "methodCategories" | "additionCategories" | "combosList"
>;

const repeats = <T>(values: readonly T[]) => new Set(values).size !== values.length;
const isChoiceCount = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_CHOICE_COUNT;

function normProblem(dish: ChoiceDish, normId: number | null): string | null {
  if (dish.norms.length === 0) return normId === null ? null : `${dish.name}的规格不存在`;
  if (normId === null) return `请选择${dish.name}的规格`;
  return dish.norms.some((n) => n.id === normId) ? null : `${dish.name}的规格不存在`;
}

/** Each method once, at most one per category: the picker replaces the category's chosen method. */
function methodProblem(dish: ChoiceDish, methodIds: readonly number[]): string | null {
  const categories = methodIds.map((id) =>
    dish.methodCategories.findIndex((c) => c.methodList.some((m) => m.id === id)),
  );
  if (categories.includes(-1)) return `${dish.name}的做法不存在`;
  return repeats(categories) ? `${dish.name}的每类做法只能选一种` : null;
}

function additionProblem(dish: ChoiceDish, additions: LineChoice["additions"]): string | null {
  const offered = new Set(dish.additionCategories.flatMap((c) => c.additions.map((a) => a.id)));
  if (additions.some((a) => !offered.has(a.id))) return `${dish.name}的加料不存在`;
  const ids = additions.map((a) => a.id);
  return repeats(ids) || !additions.every((a) => isChoiceCount(a.count))
    ? `${dish.name}的加料数量不正确`
    : null;
}

/**
 * Parts complete the dish's combo groups as the combo page leaves them: each part of this dish's
 * combosList, once, at the part's count; every group holds exactly its pick (a fixed group all its
 * parts). Combos (foodproperty 1, 3) and the other complex dishes (the /foodBatch page builds their
 * choice with the same groups) take parts this way; a single dish (foodproperty 0) takes none.
 */
function partProblem(dish: ChoiceDish, parts: LineChoice["parts"]): string | null {
  if (dish.foodproperty === 0) return parts.length === 0 ? null : `${dish.name}不是套餐，不能选择套餐内容`;
  for (const part of parts) {
    const item = dish.combosList.find((i) => i.itemId === part.itemId);
    if (!item) return `${dish.name}的套餐内容不存在`;
    if (part.count !== item.count) return `${dish.name}的套餐内容数量不正确`;
  }
  if (repeats(parts.map((p) => p.itemId))) return `${dish.name}的套餐内容重复`;
  const group = comboGroups(dish).find((g) => pickedInGroup(g, parts) !== g.pick);
  return group ? `${dish.name}的${group.name}应选${group.pick}份` : null;
}

/** The options of a line belong to its dish and are chosen as the app's pickers choose them. */
export function checkChoice(dish: ChoiceDish, choice: LineChoice): RuleResult {
  const problem =
    normProblem(dish, choice.normId) ??
    methodProblem(dish, choice.methodIds) ??
    additionProblem(dish, choice.additions) ??
    partProblem(dish, choice.parts);
  return problem === null ? { ok: true } : { ok: false, message: problem };
}

/** "stock": sold out or past the estimate (the submit's 2000); "invalid": anything else (1008). */
export type OrderLinesResult =
  | { ok: true }
  | { ok: false; reason: "stock" | "invalid"; foodId: number; message: string };

/** The cart's quantity refusals are toasts beside the dish; an order's refusal names it. */
function quantityRefusal(dish: Dish, refused: Exclude<QuantityResult, { ok: true }>) {
  if (refused.reason === "stock") return { reason: "stock" as const, message: refused.message };
  const message =
    refused.reason === "tooMany"
      ? `${dish.name}最多点${MAX_QUANTITY}${dishUnit(dish)}`
      : `${dish.name}${refused.message}`;
  return { reason: "invalid" as const, message };
}

/** A combo line with a chosen part the menu shows sold out (estimate 0): the combo cannot be made as chosen. */
export function hasSoldOutPart(
  line: { parts: readonly { itemId: number }[] },
  dishOf: (foodId: number) => { estimate: number } | undefined,
): boolean {
  return line.parts.some((part) => dishOf(part.itemId)?.estimate === 0);
}

/**
 * A whole cart sent with the order (a phone whose socket was down): each line as the cart's own
 * operations would have left it, its dish on sale and its chosen parts not sold out, and each dish within 999 and its stock across
 * its lines. Answers the first problem.
 */
export function checkOrderLines(
  lines: readonly CartLine[],
  dishOf: (foodId: number) => Dish | undefined,
): OrderLinesResult {
  const detailIds = new Set<string>();
  // by food id: a lookup may answer each call with a fresh object
  const totals = new Map<number, { dish: Dish; total: Big }>();
  for (const line of lines) {
    const refuse = (reason: "stock" | "invalid", message: string): OrderLinesResult => ({
      ok: false,
      reason,
      foodId: line.foodId,
      message,
    });
    const dish = dishOf(line.foodId);
    if (!dish) return refuse("invalid", "菜品不存在");
    if (detailIds.has(line.detailId)) return refuse("invalid", `${dish.name}重复出现在购物车中`);
    detailIds.add(line.detailId);
    const availability = dishAvailability(dish, dish);
    if (availability === "soldOut") return refuse("stock", stockMessage(dish));
    if (availability === "outOfPeriod") return refuse("invalid", `${dish.name}当前为非可售时间`);
    if (hasSoldOutPart(line, dishOf)) return refuse("stock", stockMessage(dish));
    const choice = checkChoice(dish, line);
    if (!choice.ok) return refuse("invalid", choice.message);
    // the note as the cart's note operation would have taken it
    if (line.memo !== "" && dish.foodproperty !== 0)
      return refuse("invalid", `${dish.name}：${COMBO_NOTE_REFUSED}`);
    const note = checkNote(line.memo);
    if (!note.ok) return refuse("invalid", `${dish.name}：${note.message}`);
    let count: Big;
    try {
      count = new Big(line.count);
    } catch {
      return refuse("invalid", `${dish.name}数量不正确`);
    }
    const counted = checkLineCount(dish, count);
    if (!counted.ok) {
      const { reason, message } = quantityRefusal(dish, counted);
      return refuse(reason, message);
    }
    totals.set(dish.id, { dish, total: (totals.get(dish.id)?.total ?? new Big(0)).plus(count) });
  }
  for (const { dish, total } of totals.values()) {
    const checked = checkDishTotal(dish, total);
    if (!checked.ok) return { ok: false, foodId: dish.id, ...quantityRefusal(dish, checked) };
  }
  return { ok: true };
}
