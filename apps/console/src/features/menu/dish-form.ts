import type { ConsoleDish, ConsoleDishInput, ConsoleMenu, DishRuleContext } from "@tablemate/core";
import { MENU_DEFAULTS } from "../../copy/index.js";

/** The editor's values: the contract's input, with sale days as a list of 1..7 (empty: every day). */
export type DishFormValues = Omit<ConsoleDishInput, "salableDays"> & { salableDays: number[] };

/** The first category's values for a new dish. */
export function newDishValues(categoryId: number, secondCategoryId: number | null): DishFormValues {
  return {
    categoryId,
    secondCategoryId,
    name: "",
    intro: "",
    unit: MENU_DEFAULTS.unit,
    price: "0",
    marketPrice: false,
    vipPrice: null,
    pricingType: 0,
    startPrice: null,
    startVipPrice: null,
    weigh: false,
    minCount: null,
    inceptStep: 1,
    necessary: false,
    mustFoodType: 0,
    mustFoodNum: 1,
    season: false,
    foodproperty: 0,
    code: "",
    isRecommend: false,
    hidden: false,
    salablePeriodType: 0,
    salableDays: [],
    salableTime: "0",
    imageKey: "",
    norms: [],
    methodCategories: [],
    additionCategories: [],
    combos: [],
    allergens: null,
    diets: [],
  };
}

/** A saved dish as the editor's values (what the server added left out). */
export function dishValues(dish: ConsoleDish): DishFormValues {
  const { id, sort, recommendSort, estimate, version, imageUrl, salableDays, ...input } = dish;
  return {
    ...input,
    salableDays: salableDays === "0" ? [] : salableDays.split(",").map(Number),
    methodCategories: input.methodCategories.map(({ sort: _s, ...c }) => c),
    additionCategories: input.additionCategories.map(({ sort: _s, ...c }) => c),
    combos: input.combos.map(({ name: _n, ...part }) => part),
  };
}

const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === "" ? null : value.trim();

/** With sizes, the dish's own price and member price: the default size's (else the first's), as the menu shows. */
export function defaultNormPrice(
  norms: DishFormValues["norms"],
): Pick<DishFormValues, "price" | "vipPrice"> | null {
  const shown = norms.find((n) => n?.isDefault) ?? norms[0];
  return shown ? { price: shown.price ?? "", vipPrice: blankToNull(shown.vipPrice) } : null;
}

/** The request body from the editor's values: the contract's input (the server parses it again). */
export function dishInput(values: DishFormValues): ConsoleDishInput {
  const days = [...new Set(values.salableDays ?? [])].sort();
  const sized = values.marketPrice ? null : defaultNormPrice(values.norms ?? []);
  return {
    ...values,
    ...sized,
    vipPrice: blankToNull(values.vipPrice),
    startPrice: blankToNull(values.startPrice),
    startVipPrice: blankToNull(values.startVipPrice),
    minCount: values.minCount ?? null,
    salableDays: days.length === 0 || days.length === 7 ? "0" : days.join(","),
    salableTime: values.salableTime?.trim() || "0",
    norms: (values.norms ?? []).map((n) => ({
      ...n,
      vipPrice: blankToNull(n.vipPrice),
      isDefault: !!n.isDefault,
    })),
    methodCategories: (values.methodCategories ?? []).map((c) => ({
      ...c,
      methodList: (c.methodList ?? []).map((m) => ({ ...m, isDefault: !!m.isDefault })),
    })),
    additionCategories: values.additionCategories ?? [],
    combos: (values.combos ?? []).map((p) => ({ ...p, priceUp: p.priceUp || "0" })),
  };
}

/** What core's dish rules need, from the menu the page holds. */
export function ruleContextOf(menu: ConsoleMenu, dishId?: number): DishRuleContext {
  return {
    dishId,
    categories: menu.categories.map((c) => ({ id: c.id, parentId: c.parentId })),
    dishes: menu.dishes.map((d) => ({ id: d.id, foodproperty: d.foodproperty })),
  };
}

/** A list with the entry at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moved<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [entry] = next.splice(index, 1);
  next.splice(target, 0, entry as T);
  return next;
}
