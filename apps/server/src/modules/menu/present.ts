import {
  type AllergenInfo,
  availableDaysString,
  availableTimeString,
  type Category,
  type Dish,
  type LocalClock,
  type PeriodDishInfo,
  periodState,
  type SalePeriod,
  salablePeriodCode,
  sortAllergens,
  sortDiets,
} from "@tablemate/core";
import type { categories, dishes } from "../../db/schema.js";

export type DishRow = typeof dishes.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;

function salePeriod(row: DishRow): SalePeriod | null {
  return row.salablePeriodType === 1 ? { week: row.salableDays, time: row.salableTime } : null;
}

const decimal = (value: string | null) => (value === null ? null : Number(value));

export function dishImageUrl(imageHost: string, imageKey: string): string {
  return `${imageHost}/images/dishes/${imageKey}.webp`;
}

/** null allergens: the restaurant has not declared them (an empty array declares none). */
export const allergenInfo = (row: Pick<DishRow, "allergens">): AllergenInfo =>
  row.allergens === null ? "unknown" : "declared";

/** The one place a dish row becomes the wire's dish (spec 000 §3), priced and timed as of `clock`. */
export function presentDish(
  row: DishRow,
  ctx: {
    categoryName: string;
    index: number;
    clock: LocalClock;
    imageHost: string;
    /** the count diners may order now (core's menuEstimates: snoozes, combos' parts); else the stored one */
    estimate?: number | undefined;
  },
): Dish {
  const image = dishImageUrl(ctx.imageHost, row.imageKey);
  const period = salePeriod(row);
  const state = periodState(period, ctx.clock);
  const dish: Dish = {
    id: row.id,
    dishesId: row.id,
    name: row.name,
    dishesName: row.name,
    intro: row.intro,
    dishIntro: row.intro,
    unit: row.unit,
    dishesUnit: row.unit,
    price: Number(row.price),
    vipPrice: decimal(row.vipPrice),
    smallImg: image,
    bigImg: image,
    season: row.season,
    Weigh: row.weigh,
    inceptStep: row.inceptStep,
    necessary: row.necessary,
    mustFoodType: row.mustFoodType,
    mustFoodNum: row.mustFoodNum,
    foodproperty: row.foodproperty,
    pricingType: row.pricingType,
    startPrice: decimal(row.startPrice),
    startVipPrice: decimal(row.startVipPrice),
    type: ctx.categoryName,
    typeId: row.categoryId,
    secondTypeId: row.secondCategoryId,
    code: row.code,
    estimate: ctx.estimate ?? row.estimate,
    index: ctx.index,
    showDishItem: true,
    isRecommend: row.isRecommend,
    salablePeriodType: salablePeriodCode(period, state),
    salablePeriod: period,
    availableStatus: state.availableStatus,
    norms: row.norms,
    methodCategories: row.methodCategories,
    additionCategories: row.additionCategories,
    combosList: row.combos,
    allergens: sortAllergens(row.allergens ?? []),
    allergenInfo: allergenInfo(row),
    diets: sortDiets(row.diets),
  };
  // minCount is absent when the dish has none (-1), as the spec's dish shows it
  if (row.minCount !== -1) dish.minCount = row.minCount;
  return dish;
}

export function presentPeriodInfo(row: DishRow, clock: LocalClock): PeriodDishInfo {
  const state = periodState(salePeriod(row), clock);
  return {
    foodId: row.id,
    availableDays: row.salableDays,
    availableTime: row.salableTime,
    availableStatus: state.availableStatus,
    nextTime: state.nextTime,
    endsSoon: state.endsSoon,
    isAllDay: state.isAllDay,
    availableDaysString: availableDaysString(row.salableDays),
    availableTimeString: availableTimeString(row.salableTime),
  };
}

/** First-level categories in order, each with its second categories and their dish ids. */
export function presentCategories(categoryRows: CategoryRow[], dishRows: DishRow[]): Category[] {
  const bySort = [...categoryRows].sort((a, b) => a.sort - b.sort || a.id - b.id);
  return bySort
    .filter((c) => c.parentId === null)
    .map((c) => {
      const secondCategories = bySort
        .filter((s) => s.parentId === c.id)
        .map((s) => ({
          id: s.id,
          name: s.name,
          foods: dishRows.filter((d) => d.secondCategoryId === s.id).map((d) => d.id),
        }));
      return {
        id: c.id,
        dishesTypeName: c.name,
        sort: c.sort,
        hasSecondCategory: secondCategories.length > 0,
        secondCategories,
      };
    });
}
