import Big from "big.js";
import type { ComboItem, Dish } from "./contract/menu.js";
import { chosenMethods, type LineChoice } from "./pricing.js";
import { increment } from "./quantity.js";

/**
 * Building a cart line's choice (spec 000 §2-§3, 001 §5): which add a dish offers, the choice it
 * starts with, and the edits a diner makes to norms, methods, additions and combo parts.
 */
export const EMPTY_CHOICE: LineChoice = { normId: null, methodIds: [], additions: [], parts: [] };

/**
 * What the add of a dish opens (spec 000 §2): combos (foodproperty 1 set menu, 3 choose within
 * groups) and other complex dishes (any other non-zero foodproperty) have their own page; norms or
 * methods open the property/spec modal; add-ons the add-ons modal; anything else adds at once.
 * A single dish's "plain add" modal is the quantity keypad where 000 §5 opens one (a weighed dish, or 4
 * or more): 000 §2 gives single dishes plus/minus on the card, so a modal before every add would not fit.
 */
export type AddKind = "plain" | "additions" | "spec" | "combo" | "batch";

type ChoiceDish = Pick<
  Dish,
  "foodproperty" | "norms" | "methodCategories" | "additionCategories" | "combosList"
>;

const hasMethods = (dish: Pick<Dish, "methodCategories">) =>
  dish.methodCategories.some((c) => c.methodList.length > 0);
const hasAdditions = (dish: Pick<Dish, "additionCategories">) =>
  dish.additionCategories.some((c) => c.additions.length > 0);

export function addKind(dish: ChoiceDish): AddKind {
  if (dish.foodproperty === 1 || dish.foodproperty === 3) return "combo";
  if (dish.foodproperty !== 0) return "batch";
  if (dish.norms.length > 0 || hasMethods(dish)) return "spec";
  return hasAdditions(dish) ? "additions" : "plain";
}

/** One group of a combo: `pick` parts are chosen of `items`; a fixed group takes them all. */
export interface ComboGroup {
  name: string;
  pick: number;
  fixed: boolean;
  items: ComboItem[];
}

/** combosList grouped by groupName, in the order the groups first appear. */
export function comboGroups(dish: Pick<Dish, "combosList">): ComboGroup[] {
  const groups: ComboGroup[] = [];
  for (const item of dish.combosList) {
    const group = groups.find((g) => g.name === item.groupName);
    if (group) group.items.push(item);
    else groups.push({ name: item.groupName, pick: item.groupPick, fixed: false, items: [item] });
  }
  return groups.map((g) => {
    // a group that asks for as many parts as it has (or more) leaves nothing to choose
    const fixed = g.pick >= g.items.length;
    return { ...g, fixed, pick: fixed ? g.items.length : Math.max(g.pick, 1) };
  });
}

const partOf = (item: ComboItem) => ({ itemId: item.itemId, count: item.count });

/** The default norm and, in each method category, its default method (else its first). */
export function defaultChoice(dish: Pick<Dish, "norms" | "methodCategories">): LineChoice {
  const norm = dish.norms.find((n) => n.isDefault) ?? dish.norms[0];
  const methodIds = dish.methodCategories.flatMap((category) => {
    const method = category.methodList.find((m) => m.isDefault) ?? category.methodList[0];
    return method ? [method.id] : [];
  });
  return { normId: norm?.id ?? null, methodIds, additions: [], parts: [] };
}

/**
 * The choice a dish's modal or page starts with: the default norm and methods, plus
 * every part of the fixed combo groups (the diner cannot leave those out).
 */
export function startingChoice(dish: ChoiceDish): LineChoice {
  const parts = comboGroups(dish)
    .filter((g) => g.fixed)
    .flatMap((g) => g.items.map(partOf));
  return { ...defaultChoice(dish), parts };
}

/** Choosing a method replaces the one chosen in its category: one method per category. */
export function chooseMethod(
  dish: Pick<Dish, "methodCategories">,
  methodIds: readonly number[],
  methodId: number,
): readonly number[] {
  const category = dish.methodCategories.find((c) => c.methodList.some((m) => m.id === methodId));
  if (!category) return methodIds;
  const siblings = new Set(category.methodList.map((m) => m.id));
  return [...methodIds.filter((id) => !siblings.has(id)), methodId];
}

/** An add-on's count in the choice; 0 takes it out. */
export function withAdditionCount(
  additions: LineChoice["additions"],
  id: number,
  count: number,
): LineChoice["additions"] {
  const others = additions.filter((a) => a.id !== id);
  return count > 0 ? [...others, { id, count }] : others;
}

export type PartToggle = { ok: true; parts: LineChoice["parts"] } | { ok: false; reason: "fixed" | "full" };

/**
 * Tapping a part of a combo group: a chosen part is dropped; in a pick-one group another part
 * replaces the chosen one; otherwise a part joins while the group has room.
 */
export function togglePart(group: ComboGroup, parts: LineChoice["parts"], itemId: number): PartToggle {
  if (group.fixed) return { ok: false, reason: "fixed" };
  const item = group.items.find((i) => i.itemId === itemId);
  if (!item) return { ok: true, parts };
  const inGroup = new Set(group.items.map((i) => i.itemId));
  if (parts.some((p) => p.itemId === itemId))
    return { ok: true, parts: parts.filter((p) => p.itemId !== itemId) };
  const chosen = parts.filter((p) => inGroup.has(p.itemId));
  if (group.pick === 1)
    return { ok: true, parts: [...parts.filter((p) => !inGroup.has(p.itemId)), partOf(item)] };
  if (chosen.length >= group.pick) return { ok: false, reason: "full" };
  return { ok: true, parts: [...parts, partOf(item)] };
}

/** How many parts of the group the choice holds. */
export function pickedInGroup(group: ComboGroup, parts: LineChoice["parts"]): number {
  return parts.filter((p) => group.items.some((i) => i.itemId === p.itemId)).length;
}

/** The groups still short of their pick: a combo can be added only when none is. */
export function unfinishedGroups(groups: readonly ComboGroup[], parts: LineChoice["parts"]): ComboGroup[] {
  return groups.filter((g) => pickedInGroup(g, parts) < g.pick);
}

type AmountDish = Pick<
  Dish,
  "name" | "estimate" | "minCount" | "inceptStep" | "Weigh" | "unit" | "dishesUnit"
>;

/**
 * What one + adds to a line holding `current`: the minimum first, then the step. Asked of core's
 * increment with the limits lifted, so the rule itself lives only in quantity.ts; 0 past the maximum.
 */
export function addedAmount(dish: AmountDish, current: Big): Big {
  const result = increment({ ...dish, estimate: -1 }, current, new Big(0));
  return result.ok ? result.count.minus(current) : new Big(0);
}

/**
 * The words that describe a choice, for a cart line or an order: the norm, the methods, each add-on
 * and each combo part (with ×count when more than one).
 */
export function choiceLabels(dish: ChoiceDish, choice: LineChoice): string[] {
  const times = (name: string, count: number) => (count > 1 ? `${name}×${count}` : name);
  const norm = dish.norms.find((n) => n.id === choice.normId);
  const additionList = dish.additionCategories.flatMap((c) => c.additions);
  // in the menu's order, whatever order the diner tapped them in
  const additions = additionList.flatMap((addition) => {
    const chosen = choice.additions.find((a) => a.id === addition.id);
    return chosen ? [times(addition.name, chosen.count)] : [];
  });
  const parts = dish.combosList.flatMap((part) => {
    const chosen = choice.parts.find((p) => p.itemId === part.itemId);
    return chosen ? [times(part.name, chosen.count)] : [];
  });
  return [
    ...(norm ? [norm.name] : []),
    ...chosenMethods(dish, choice.methodIds).map((m) => m.name),
    ...additions,
    ...parts,
  ];
}
