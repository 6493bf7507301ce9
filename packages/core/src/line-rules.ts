import type { Dish } from "./contract/menu.js";
import { MAX_CHOICE_COUNT } from "./contract/realtime.js";
import { comboGroups, pickedInGroup } from "./line-choice.js";
import type { LineChoice } from "./pricing.js";

/**
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
