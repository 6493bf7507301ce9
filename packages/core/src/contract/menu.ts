import { z } from "zod";
import type { AvailableStatus, SalePeriod } from "../period.js";
import { idSchema } from "./common.js";

export const foodQuerySchema = z
  .object({ restaurantId: idSchema.optional(), rid: idSchema.optional() })
  .refine((q) => q.restaurantId !== undefined || q.rid !== undefined, {
    message: "缺少 restaurantId",
  })
  .transform((q) => ({ restaurantId: q.restaurantId ?? q.rid ?? 0 }));

export interface Norm {
  id: number;
  name: string;
  price: number;
  vipPrice: number | null;
  isDefault?: boolean;
}

/** markupWay: 0 none, 1 percentage, 2 fixed */
export interface Method {
  id: number;
  name: string;
  markupPrice: number;
  markupWay: 0 | 1 | 2;
  isDefault: boolean;
}

export interface MethodCategory {
  categoryName: string;
  sort: number;
  methodList: Method[];
}

export interface Addition {
  id: number;
  name: string;
  priceUpValue: number;
}

export interface AdditionCategory {
  categoryName: string;
  sort: number;
  additions: Addition[];
}

export interface ComboItem {
  id: number;
  /** the dish this part is */
  itemId: number;
  name: string;
  count: number;
  norms: Norm[];
  cdatList: Array<{ name: string; count: number }>;
  groupName: string;
  /** how many parts to pick in this group (fixed groups take all) */
  groupPick: number;
  priceUp: number;
}

/** A dish as the food list sends it (spec 000 §3). */
export interface Dish {
  id: number;
  dishesId: number;
  name: string;
  dishesName: string;
  intro: string;
  dishIntro: string;
  unit: string;
  dishesUnit: string;
  price: number;
  vipPrice: number | null;
  smallImg: string;
  bigImg: string;
  season: boolean;
  Weigh: boolean;
  minCount?: number;
  inceptStep: number;
  necessary: boolean;
  mustFoodType: number;
  mustFoodNum: number;
  /** 0 single dish; 1, 3 and others are combos */
  foodproperty: number;
  /** 1 = starting price */
  pricingType: number;
  startPrice: number | null;
  startVipPrice: number | null;
  type: string;
  typeId: number;
  secondTypeId: number | null;
  code: string;
  /** remaining stock: -1 unlimited, 0 sold out */
  estimate: number;
  index: number;
  showDishItem: boolean;
  isRecommend: boolean;
  salablePeriodType: number;
  salablePeriod: SalePeriod | null;
  availableStatus: AvailableStatus;
  norms: Norm[];
  methodCategories: MethodCategory[];
  additionCategories: AdditionCategory[];
  combosList: ComboItem[];
}

export interface SecondCategory {
  id: number;
  name: string;
  foods: number[];
}

export interface Category {
  id: number;
  dishesTypeName: string;
  sort: number;
  hasSecondCategory: boolean;
  secondCategories: SecondCategory[];
}

export interface PeriodDishInfo {
  foodId: number;
  availableDays: string;
  availableTime: string;
  availableStatus: AvailableStatus;
  nextTime: string | null;
  /** on sale now, but the period ends within 30 minutes (…后不可售) */
  endsSoon: boolean;
  isAllDay: boolean;
  availableDaysString: string;
  availableTimeString: string;
}

export interface SellOut {
  value: Array<{ foodId: number; sum: number }>;
  additions: Array<{ additionId: number; sum: number }>;
}

export interface Memo {
  id: number;
  type: string;
  content: string;
  number: number;
}

/** Memos shown as comment tags: type KOU_WEI, by number descending (spec 001 §7). */
export function tasteMemos(memos: Memo[]): Memo[] {
  return memos.filter((m) => m.type === "KOU_WEI").sort((a, b) => b.number - a.number);
}

const foodIdsSchema = z
  .string()
  .regex(/^\d+(,\d+)*$/, "foodIds 应为逗号分隔的菜品 id")
  .transform((s) => s.split(",").map(Number));

export const periodSaleBodySchema = z
  .object({
    rid: idSchema,
    virTableId: idSchema.optional(),
    foodIds: foodIdsSchema.optional(),
  })
  .refine((b) => b.virTableId !== undefined || b.foodIds !== undefined, {
    message: "缺少 virTableId 或 foodIds",
  });

export const localPeriodSaleBodySchema = z.object({ rid: idSchema, foodIds: foodIdsSchema });

/** 200 all sellable, 10001 some not, 10002 none (spec 001 §7). */
export const PERIOD_SALE_CODES = { ok: 200, partial: 10001, all: 10002 } as const;

export interface PeriodSaleResult {
  state: number;
  isAll: boolean;
  expriedFoodIds: number[];
  unsalableFoods: Array<{ foodId: number }>;
}

/** Categories in the restaurant's order; equal `sort` values keep the server's order. */
export function sortCategories(categories: readonly Category[]): Category[] {
  return [...categories].sort((a, b) => a.sort - b.sort);
}
