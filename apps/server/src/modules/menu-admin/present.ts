import {
  type ConsoleCategory,
  type ConsoleDish,
  type ConsoleMemo,
  type ConsoleSettings,
  centsToMoneyText,
  isMarketPrice,
  sizedImageUrl,
  sortAllergens,
  sortDiets,
} from "@tablemate/core";
import Big from "big.js";
import type { memos } from "../../db/schema.js";
import type { CategoryRow, DishRow } from "../menu/present.js";
import { dishImageUrl } from "../menu/present.js";
import type { RestaurantRow } from "../restaurant/restaurants.js";

/** A stored decimal ('38.0000', or a number in the options' JSON) as the console's plain decimal text. */
const money = (value: string | number): string => new Big(value).toString();
const moneyOrNull = (value: string | number | null): string | null => (value === null ? null : money(value));

export function presentConsoleCategory(row: CategoryRow): ConsoleCategory {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    sort: row.sort,
    hidden: row.hidden,
    version: row.version,
  };
}

/** The one place a dish row becomes the console's dish (the editor's fields, money as decimal text). */
export function presentConsoleDish(row: DishRow, imageHost: string): ConsoleDish {
  const marketPrice = isMarketPrice(row.price);
  return {
    id: row.id,
    categoryId: row.categoryId,
    secondCategoryId: row.secondCategoryId,
    name: row.name,
    intro: row.intro,
    unit: row.unit,
    price: marketPrice ? "0" : money(row.price),
    marketPrice,
    vipPrice: moneyOrNull(row.vipPrice),
    pricingType: row.pricingType === 1 ? 1 : 0,
    startPrice: moneyOrNull(row.startPrice),
    startVipPrice: moneyOrNull(row.startVipPrice),
    weigh: row.weigh,
    minCount: row.minCount === -1 ? null : row.minCount,
    inceptStep: row.inceptStep,
    necessary: row.necessary,
    mustFoodType: row.mustFoodType === 1 || row.mustFoodType === 2 ? row.mustFoodType : 0,
    mustFoodNum: row.mustFoodNum,
    season: row.season,
    foodproperty: row.foodproperty === 1 || row.foodproperty === 3 ? row.foodproperty : 0,
    code: row.code,
    isRecommend: row.isRecommend,
    hidden: row.hidden,
    salablePeriodType: row.salablePeriodType === 1 ? 1 : 0,
    salableDays: row.salableDays,
    salableTime: row.salableTime,
    imageKey: row.imageKey,
    imageUrl: row.imageKey ? sizedImageUrl(dishImageUrl(imageHost, row.imageKey), "default") : "",
    allergens: row.allergens === null ? null : sortAllergens(row.allergens),
    diets: sortDiets(row.diets),
    sort: row.sort,
    recommendSort: row.recommendSort,
    estimate: row.estimate,
    version: row.version,
    norms: row.norms.map((n) => ({
      id: n.id,
      name: n.name,
      price: money(n.price),
      vipPrice: moneyOrNull(n.vipPrice),
      isDefault: n.isDefault ?? false,
      allergens: sortAllergens(n.allergens ?? []),
    })),
    methodCategories: row.methodCategories.map((c) => ({
      categoryName: c.categoryName,
      sort: c.sort,
      methodList: c.methodList.map((m) => ({
        id: m.id,
        name: m.name,
        markupPrice: money(m.markupPrice),
        markupWay: m.markupWay,
        isDefault: m.isDefault,
        allergens: sortAllergens(m.allergens ?? []),
      })),
    })),
    additionCategories: row.additionCategories.map((c) => ({
      categoryName: c.categoryName,
      sort: c.sort,
      additions: c.additions.map((a) => ({
        id: a.id,
        name: a.name,
        priceUpValue: money(a.priceUpValue),
        allergens: sortAllergens(a.allergens ?? []),
      })),
    })),
    combos: row.combos.map((p) => ({
      id: p.id,
      itemId: p.itemId,
      name: p.name,
      count: p.count,
      groupName: p.groupName,
      groupPick: p.groupPick,
      priceUp: money(p.priceUp),
      allergens: sortAllergens(p.allergens ?? []),
    })),
  };
}

export function presentConsoleMemo(row: typeof memos.$inferSelect): ConsoleMemo {
  return { id: row.id, type: row.type, content: row.content, number: row.number };
}

export function presentSettings(row: RestaurantRow): ConsoleSettings {
  return {
    restaurantId: row.id,
    version: row.version,
    name: row.name,
    linkMode: row.linkMode,
    wctPayType: row.wctPayType === 1 ? 1 : 0,
    fastHotel: row.fastHotel,
    foodTakingMode: row.foodTakingMode,
    wctPayOnly: row.wctPayOnly === 1 ? 1 : 0,
    fastFoodNeedPersonNum: row.fastFoodNeedPersonNum,
    hideTotalPrice: row.hideTotalPrice,
    wctCallService: row.wctCallService,
    verifyPhone: row.verifyPhone,
    hotelLock: row.hotelLock,
    businessTime: row.businessTime,
    foodsTemplate: row.foodsTemplate,
    recommendsTemplate: row.recommendsTemplate,
    startPrice: money(row.startPrice),
    deliveryFee: centsToMoneyText(row.deliveryFeeCents),
    deliveryMinutes: row.deliveryMinutes,
    announcement: row.announcement,
    discountText: row.discountText,
    address: row.address,
    phone: row.phone,
    description: row.description,
  };
}
