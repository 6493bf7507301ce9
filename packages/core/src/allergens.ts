/**
 * Allergens and diets (issue 29). The list is fixed: the 14 allergens of EU regulation 1169/2011
 * Annex II and three diets, each named in Chinese, English and Japanese (the diner app's languages). A dish either declares its
 * allergens (possibly none) or has not declared them: "declares none" and "not declared" are never
 * the same thing. What a cart line contains is the union of its dish's, its norm's, its methods',
 * its additions' and its combo parts' allergens.
 */
import { ALLERGENS, DIETS } from "./allergen-codes.js";
import type { Dish } from "./contract/menu.js";
import { comboGroups, startingChoice } from "./line-choice.js";
import type { LineChoice } from "./pricing.js";

export { ALLERGENS, DIETS };

export type Allergen = (typeof ALLERGENS)[number];

export type Diet = (typeof DIETS)[number];

/** "declared": the dish says what it contains (maybe nothing); "unknown": it has not said. */
export type AllergenInfo = "declared" | "unknown";

export interface FoodWords {
  zh: string;
  en: string;
  ja: string;
}

/** A language of the food words: zh (the restaurant's, the kitchen's), en, ja. */
export type FoodLanguage = keyof FoodWords;

/** How each language lists names: 花生、芝麻 / Peanuts, Sesame / 落花生、ごま. */
const LIST_SEPARATOR: FoodWords = { zh: "、", en: ", ", ja: "、" };

export const ALLERGEN_NAMES: Record<Allergen, FoodWords> = {
  gluten: { zh: "麸质", en: "Gluten", ja: "グルテン" },
  crustaceans: { zh: "甲壳类", en: "Crustaceans", ja: "甲殻類" },
  eggs: { zh: "蛋类", en: "Eggs", ja: "卵" },
  fish: { zh: "鱼类", en: "Fish", ja: "魚" },
  peanuts: { zh: "花生", en: "Peanuts", ja: "落花生" },
  soybeans: { zh: "大豆", en: "Soybeans", ja: "大豆" },
  milk: { zh: "乳制品", en: "Milk", ja: "乳" },
  nuts: { zh: "坚果", en: "Tree nuts", ja: "ナッツ類" },
  celery: { zh: "芹菜", en: "Celery", ja: "セロリ" },
  mustard: { zh: "芥末", en: "Mustard", ja: "マスタード" },
  sesame: { zh: "芝麻", en: "Sesame", ja: "ごま" },
  sulphites: { zh: "亚硫酸盐", en: "Sulphites", ja: "亜硫酸塩" },
  lupin: { zh: "羽扇豆", en: "Lupin", ja: "ルピナス" },
  molluscs: { zh: "软体动物", en: "Molluscs", ja: "軟体動物" },
};

export const DIET_NAMES: Record<Diet, FoodWords> = {
  vegetarian: { zh: "素食", en: "Vegetarian", ja: "ベジタリアン" },
  vegan: { zh: "纯素", en: "Vegan", ja: "ヴィーガン" },
  halal: { zh: "清真", en: "Halal", ja: "ハラール" },
};

const ALLERGEN_SET: ReadonlySet<string> = new Set(ALLERGENS);
const DIET_SET: ReadonlySet<string> = new Set(DIETS);

export const isAllergen = (code: string): code is Allergen => ALLERGEN_SET.has(code);
export const isDiet = (code: string): code is Diet => DIET_SET.has(code);

/** Codes in the list's own order, each once; codes outside the list are dropped. */
export function sortAllergens(codes: Iterable<string>): Allergen[] {
  const held = new Set(codes);
  return ALLERGENS.filter((code) => held.has(code));
}

export function sortDiets(codes: Iterable<string>): Diet[] {
  const held = new Set(codes);
  return DIETS.filter((code) => held.has(code));
}

/** Something that may declare allergens: a dish, a norm, a method, an addition, a combo part. */
export interface AllergenSource {
  allergens?: readonly string[] | undefined;
}

export interface AllergenDish extends AllergenSource {
  allergenInfo?: AllergenInfo | undefined;
  norms: ReadonlyArray<AllergenSource & { id: number }>;
  methodCategories: ReadonlyArray<{ methodList: ReadonlyArray<AllergenSource & { id: number }> }>;
  additionCategories: ReadonlyArray<{ additions: ReadonlyArray<AllergenSource & { id: number }> }>;
  combosList: ReadonlyArray<AllergenSource & { itemId: number }>;
}

export interface AllergenChoice {
  normId: number | null;
  methodIds: readonly number[];
  additions: ReadonlyArray<{ id: number }>;
  parts: ReadonlyArray<{ itemId: number }>;
}

/**
 * What a line of `dish` chosen as `choice` contains: the union of the dish's own allergens and those
 * of its chosen norm, methods, additions and combo parts, in the list's order.
 */
export function lineAllergens(dish: AllergenDish, choice: AllergenChoice): Allergen[] {
  const found = new Set<string>(dish.allergens ?? []);
  const take = (source: AllergenSource | undefined) => {
    for (const code of source?.allergens ?? []) found.add(code);
  };
  take(dish.norms.find((norm) => norm.id === choice.normId));
  for (const category of dish.methodCategories) {
    for (const method of category.methodList) if (choice.methodIds.includes(method.id)) take(method);
  }
  for (const category of dish.additionCategories) {
    for (const addition of category.additions)
      if (choice.additions.some((a) => a.id === addition.id)) take(addition);
  }
  for (const part of dish.combosList) if (choice.parts.some((p) => p.itemId === part.itemId)) take(part);
  return sortAllergens(found);
}

/** Every allergen any choice of the dish may contain (the dish's own and every option's). */
export function possibleAllergens(dish: AllergenDish): Allergen[] {
  const everything: AllergenChoice = {
    normId: null,
    methodIds: dish.methodCategories.flatMap((c) => c.methodList.map((m) => m.id)),
    additions: dish.additionCategories.flatMap((c) => c.additions.map((a) => ({ id: a.id }))),
    parts: dish.combosList.map((p) => ({ itemId: p.itemId })),
  };
  const fromNorms = dish.norms.flatMap((norm) => norm.allergens ?? []);
  return sortAllergens([...lineAllergens(dish, everything), ...fromNorms]);
}

/** The codes of `contains` that `avoid` lists, in the list's order. */
export function allergenConflicts(contains: readonly string[], avoid: readonly string[]): Allergen[] {
  const avoided = new Set(avoid);
  return sortAllergens(contains.filter((code) => avoided.has(code)));
}

/** What the menu's pickers need of a dish to choose around allergens. */
type ChoosingDish = Pick<
  Dish,
  "allergens" | "foodproperty" | "norms" | "methodCategories" | "additionCategories" | "combosList"
>;

/**
 * A choice of the dish as the menu's pickers make one (its norm where it has norms, one method in
 * each method category, each combo group's pick, a fixed group whole; add-ons left out, since none
 * is required) that contains none of `avoid`, preferring the defaults; null when every such choice
 * contains one of them: the dish itself does, or all of a required option's alternatives do.
 */
export function avoidingChoice(dish: ChoosingDish, avoid: readonly string[]): LineChoice | null {
  const avoided = new Set(avoid);
  const free = (source: AllergenSource) => !(source.allergens ?? []).some((code) => avoided.has(code));
  if (!free(dish)) return null;
  const pick = <T extends AllergenSource & { isDefault?: boolean | undefined }>(options: readonly T[]) =>
    options.find((option) => option.isDefault === true && free(option)) ?? options.find(free);
  const norm = pick(dish.norms);
  if (dish.norms.length > 0 && !norm) return null;
  const methodIds: number[] = [];
  for (const category of dish.methodCategories) {
    if (category.methodList.length === 0) continue;
    const method = pick(category.methodList);
    if (!method) return null;
    methodIds.push(method.id);
  }
  const parts: LineChoice["parts"][number][] = [];
  // a single dish takes no parts (line-rules.ts); combos and complex dishes fill every group
  for (const group of dish.foodproperty === 0 ? [] : comboGroups(dish)) {
    const safe = group.items.filter(free);
    if (safe.length < group.pick) return null;
    parts.push(...safe.slice(0, group.pick).map((item) => ({ itemId: item.itemId, count: item.count })));
  }
  return { normId: norm?.id ?? null, methodIds, additions: [], parts };
}

/**
 * The choice a dish's picker starts with for a diner who avoids `avoid`: the defaults (startingChoice),
 * except that a default norm or method containing one of them gives way to an alternative that does
 * not, where the dish has one. Add-ons and combo parts are left to the diner, as without avoiding.
 */
export function startingChoiceAvoiding(dish: ChoosingDish, avoid: readonly string[]): LineChoice {
  const start = startingChoice(dish);
  const safe = avoid.length === 0 ? null : avoidingChoice(dish, avoid);
  return safe ? { ...start, normId: safe.normId, methodIds: safe.methodIds } : start;
}

/**
 * How a dish stands for a diner who avoids `avoid`: "conflict" when no choice of it avoids them (the
 * dish itself contains one, or every alternative of a required option does): these are the dishes a
 * diner who asks to hide them no longer sees; "maybe" when some options contain one but the dish can
 * be chosen without; "unknown" when it has not declared its allergens (shown, and marked so); else "ok".
 */
export type AllergenVerdict = "conflict" | "maybe" | "unknown" | "ok";

export function dishAllergenVerdict(
  dish: ChoosingDish & Pick<Dish, "allergenInfo">,
  avoid: readonly string[],
): AllergenVerdict {
  if (avoid.length === 0) return "ok";
  if (dish.allergenInfo === "unknown") return "unknown";
  if (avoidingChoice(dish, avoid) === null) return "conflict";
  return allergenConflicts(possibleAllergens(dish), avoid).length > 0 ? "maybe" : "ok";
}

/** Allergen names joined for a line of text, in the language asked (花生、芝麻 / Peanuts, Sesame). */
export function allergenWords(codes: readonly string[], language: FoodLanguage = "zh"): string {
  return sortAllergens(codes)
    .map((code) => ALLERGEN_NAMES[code][language])
    .join(LIST_SEPARATOR[language]);
}

/** Diet names joined the same way (素食、清真 / Vegetarian, Halal). */
export function dietWords(codes: readonly string[], language: FoodLanguage = "zh"): string {
  return sortDiets(codes)
    .map((code) => DIET_NAMES[code][language])
    .join(LIST_SEPARATOR[language]);
}

/** The kitchen's line for a table that told it of allergies: 过敏: 花生、芝麻 (empty when none). */
export function allergyLine(codes: readonly string[]): string {
  const words = allergenWords(codes, "zh");
  return words === "" ? "" : `过敏: ${words}`;
}
