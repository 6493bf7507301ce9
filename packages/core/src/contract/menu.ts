import { z } from "zod";
import { ALLERGENS, DIETS } from "../allergen-codes.js";
import { AVAILABLE, AVAILABLE_SOON, NO_SALE_PERIOD, UNAVAILABLE } from "../period.js";
import { idSchema } from "./common.js";

/** Core's allergen and diet codes (allergens.ts), each once. */
export const allergenCodesSchema = z.array(z.enum(ALLERGENS)).max(ALLERGENS.length);
export const dietCodesSchema = z.array(z.enum(DIETS)).max(DIETS.length);
/** An option's allergens (a norm, method, addition or combo part), absent where it declares none of its own. */
const optionAllergens = z.optional(allergenCodesSchema);

export const foodQuerySchema = z
  .object({ restaurantId: idSchema.optional(), rid: idSchema.optional() })
  .refine((q) => q.restaurantId !== undefined || q.rid !== undefined, {
    message: "缺少 restaurantId",
  })
  .transform((q) => ({ restaurantId: q.restaurantId ?? q.rid ?? 0 }));

export const normSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  vipPrice: z.number().nullable(),
  isDefault: z.boolean().optional(),
  allergens: optionAllergens,
});

export type Norm = z.infer<typeof normSchema>;

/** markupWay: 0 none, 1 percentage, 2 fixed */
export const methodSchema = z.object({
  id: z.number(),
  name: z.string(),
  markupPrice: z.number(),
  markupWay: z.literal([0, 1, 2]),
  isDefault: z.boolean(),
  allergens: optionAllergens,
});

export type Method = z.infer<typeof methodSchema>;

export const methodCategorySchema = z.object({
  categoryName: z.string(),
  sort: z.number(),
  methodList: z.array(methodSchema),
});

export type MethodCategory = z.infer<typeof methodCategorySchema>;

export const additionSchema = z.object({
  id: z.number(),
  name: z.string(),
  priceUpValue: z.number(),
  allergens: optionAllergens,
});

export type Addition = z.infer<typeof additionSchema>;

export const additionCategorySchema = z.object({
  categoryName: z.string(),
  sort: z.number(),
  additions: z.array(additionSchema),
});

export type AdditionCategory = z.infer<typeof additionCategorySchema>;

export const comboItemSchema = z.object({
  id: z.number(),
  /** the dish this part is */
  itemId: z.number(),
  name: z.string(),
  count: z.number(),
  norms: z.array(normSchema),
  cdatList: z.array(z.object({ name: z.string(), count: z.number() })),
  groupName: z.string(),
  /** how many parts to pick in this group (fixed groups take all) */
  groupPick: z.number(),
  priceUp: z.number(),
  allergens: optionAllergens,
});

export type ComboItem = z.infer<typeof comboItemSchema>;

/** A dish's sale period: days and times (period.ts reads it). */
export const salePeriodSchema = z.object({ week: z.string(), time: z.string() });

/** 1 on sale, 2 soon, 3 not (period.ts's AVAILABLE, AVAILABLE_SOON, UNAVAILABLE). */
export const availableStatusSchema = z.literal([AVAILABLE, AVAILABLE_SOON, UNAVAILABLE]);

/** A dish as the food list sends it (spec 000 §3). */
export const dishSchema = z.object({
  id: z.number(),
  dishesId: z.number(),
  name: z.string(),
  dishesName: z.string(),
  intro: z.string(),
  dishIntro: z.string(),
  unit: z.string(),
  dishesUnit: z.string(),
  price: z.number(),
  vipPrice: z.number().nullable(),
  smallImg: z.string(),
  bigImg: z.string(),
  season: z.boolean(),
  Weigh: z.boolean(),
  minCount: z.number().optional(),
  inceptStep: z.number(),
  necessary: z.boolean(),
  mustFoodType: z.number(),
  mustFoodNum: z.number(),
  /** 0 single dish; 1, 3 and others are combos */
  foodproperty: z.number(),
  /** 1 = starting price */
  pricingType: z.number(),
  startPrice: z.number().nullable(),
  startVipPrice: z.number().nullable(),
  type: z.string(),
  typeId: z.number(),
  secondTypeId: z.number().nullable(),
  code: z.string(),
  /** remaining stock: -1 unlimited, 0 sold out */
  estimate: z.number(),
  index: z.number(),
  showDishItem: z.boolean(),
  isRecommend: z.boolean(),
  /** 0 no sale period; else the period's state now, as availableStatus (001 §4: 2 soon, 3 unavailable) */
  salablePeriodType: z.literal([NO_SALE_PERIOD, AVAILABLE, AVAILABLE_SOON, UNAVAILABLE]),
  salablePeriod: salePeriodSchema.nullable(),
  availableStatus: availableStatusSchema,
  norms: z.array(normSchema),
  methodCategories: z.array(methodCategorySchema),
  additionCategories: z.array(additionCategorySchema),
  combosList: z.array(comboItemSchema),
  /** what the dish itself contains (its options add their own); empty when undeclared or none */
  allergens: allergenCodesSchema,
  /** whether the restaurant declared the dish's allergens: "declared" with none is not "unknown" */
  allergenInfo: z.enum(["declared", "unknown"]),
  diets: dietCodesSchema,
});

export type Dish = z.infer<typeof dishSchema>;

/** The food list's and the recommend call's answer. */
export const dishListSchema = z.array(dishSchema);

export const secondCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  foods: z.array(z.number()),
});

export type SecondCategory = z.infer<typeof secondCategorySchema>;

export const categorySchema = z.object({
  id: z.number(),
  dishesTypeName: z.string(),
  sort: z.number(),
  hasSecondCategory: z.boolean(),
  secondCategories: z.array(secondCategorySchema),
});

export type Category = z.infer<typeof categorySchema>;

/** The food category call's answer. */
export const categoryListSchema = z.array(categorySchema);

export const periodDishInfoSchema = z.object({
  foodId: z.number(),
  availableDays: z.string(),
  availableTime: z.string(),
  availableStatus: availableStatusSchema,
  nextTime: z.string().nullable(),
  /** on sale now, but the period ends within 30 minutes (…后不可售) */
  endsSoon: z.boolean(),
  isAllDay: z.boolean(),
  availableDaysString: z.string(),
  availableTimeString: z.string(),
});

export type PeriodDishInfo = z.infer<typeof periodDishInfoSchema>;

/** The period-dish call's answer. */
export const periodDishListSchema = z.array(periodDishInfoSchema);

/** A dish's stock as it travels: the sell-out answer and the socket's type 20 (-1 unlimited, 0 sold out). */
export const dishStockSchema = z.object({ foodId: z.number(), sum: z.number() });

export type DishStock = z.infer<typeof dishStockSchema>;

export const sellOutSchema = z.object({
  value: z.array(dishStockSchema),
  additions: z.array(z.object({ additionId: z.number(), sum: z.number() })),
});

export type SellOut = z.infer<typeof sellOutSchema>;

export const memoSchema = z.object({
  id: z.number(),
  type: z.string(),
  content: z.string(),
  number: z.number(),
});

export type Memo = z.infer<typeof memoSchema>;

/** The memos call's answer. */
export const memoListSchema = z.array(memoSchema);

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

export const periodSaleResultSchema = z.object({
  state: z.number(),
  isAll: z.boolean(),
  expriedFoodIds: z.array(z.number()),
  unsalableFoods: z.array(z.object({ foodId: z.number() })),
});

export type PeriodSaleResult = z.infer<typeof periodSaleResultSchema>;

/** Categories in the restaurant's order; equal `sort` values keep the server's order. */
export function sortCategories(categories: readonly Category[]): Category[] {
  return [...categories].sort((a, b) => a.sort - b.sort);
}
