/**
 * The console's menu management and restaurant settings (issue 17): request and response payloads,
 * and the rules a dish must meet before the diner app sees it (dishProblems). The server parses with
 * these schemas and then asks dishProblems with what the database knows; the console's editor asks
 * the same function before it sends, so a rule is written once.
 */
import { z } from "zod";
import { MAX_DELIVERY_MINUTES } from "../delivery.js";
import { MARKET_PRICE } from "../money.js";
import { parseRanges } from "../period.js";
import { idSchema } from "./common.js";
import { allergenCodesSchema, dietCodesSchema } from "./menu.js";

/** A money amount as the console sends it: a non-negative exact decimal, at most 4 places (yuan). */
export const moneySchema = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === "number" ? String(v) : v.trim()))
  .pipe(z.string().regex(/^\d{1,8}(\.\d{1,4})?$/, "应为不小于 0 的金额，最多 4 位小数"));

/** A charge the server keeps in whole cents (a delivery fee): a non-negative exact decimal, at most 2 places. */
export const centsMoneySchema = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === "number" ? String(v) : v.trim()))
  .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, "应为不小于 0 的金额，最多 2 位小数"));

const nameSchema = (max: number) => z.string().trim().min(1, "不能为空").max(max, `不能超过 ${max} 个字`);
const optionId = idSchema.optional();
/** An option's own allergens (a norm, method, addition or combo part adds them to the line): none by default. */
const optionAllergens = allergenCodesSchema.default([]);

/** Sort positions and counts as integers, as the diner app reads them. */
const positiveInt = z.number().int().min(1, "应为不小于 1 的整数").max(9999, "不能超过 9999");

export const consoleNormSchema = z.object({
  id: optionId,
  name: nameSchema(20),
  price: moneySchema,
  vipPrice: moneySchema.nullable().default(null),
  isDefault: z.boolean().default(false),
  allergens: optionAllergens,
});

export const consoleMethodCategorySchema = z.object({
  categoryName: nameSchema(20),
  methodList: z
    .array(
      z.object({
        id: optionId,
        name: nameSchema(20),
        markupPrice: moneySchema,
        /** 0 none, 1 percentage, 2 fixed */
        markupWay: z.union([z.literal(0), z.literal(1), z.literal(2)]),
        isDefault: z.boolean().default(false),
        allergens: optionAllergens,
      }),
    )
    .min(1, "至少要有一个做法")
    .max(30),
});

export const consoleAdditionCategorySchema = z.object({
  categoryName: nameSchema(20),
  additions: z
    .array(
      z.object({ id: optionId, name: nameSchema(20), priceUpValue: moneySchema, allergens: optionAllergens }),
    )
    .min(1, "至少要有一个加料")
    .max(30),
});

export const consoleComboPartSchema = z.object({
  id: optionId,
  /** the dish this part is: an existing single dish of the same restaurant */
  itemId: idSchema,
  count: positiveInt,
  groupName: nameSchema(20),
  /** how many parts of this group the diner picks (a fixed set takes them all) */
  groupPick: positiveInt,
  priceUp: moneySchema.default("0"),
  allergens: optionAllergens,
});

/** Days: '0' every day, or a comma list of 1..7 (Monday..Sunday); time: '0' all day or 'HH:MM-HH:MM,…'. */
const salableDaysSchema = z
  .string()
  .trim()
  .regex(/^(0|[1-7](,[1-7]){0,6})$/, "应为 0 或 1-7 的逗号列表");
const salableTimeSchema = z
  .string()
  .trim()
  .regex(/^(0|\d{1,2}:\d{2}-\d{1,2}:\d{2}(,\d{1,2}:\d{2}-\d{1,2}:\d{2}){0,5})$/, "应为 0 或 HH:MM-HH:MM");

/** A dish as the console writes it: every field the diner app reads. */
export const consoleDishInputSchema = z.object({
  categoryId: idSchema,
  secondCategoryId: idSchema.nullable().default(null),
  name: nameSchema(40),
  intro: z.string().trim().max(300, "不能超过 300 个字").default(""),
  unit: z.string().trim().max(8, "不能超过 8 个字").default("份"),
  /** the dish's price; with norms, the default norm's price is what the menu shows */
  price: moneySchema,
  /** 时价: the price is set at the table (stored as the spec's 0.0001) */
  marketPrice: z.boolean().default(false),
  vipPrice: moneySchema.nullable().default(null),
  /** 1: a starting price (起) */
  pricingType: z.union([z.literal(0), z.literal(1)]).default(0),
  startPrice: moneySchema.nullable().default(null),
  startVipPrice: moneySchema.nullable().default(null),
  weigh: z.boolean().default(false),
  /** null: no minimum */
  minCount: positiveInt.nullable().default(null),
  inceptStep: positiveInt.default(1),
  necessary: z.boolean().default(false),
  /** 0 none; 1 mustFoodNum per diner; 2 mustFoodNum per table */
  mustFoodType: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  mustFoodNum: positiveInt.default(1),
  season: z.boolean().default(false),
  /** 0 single dish; 1 fixed set; 3 the diner picks within groups */
  foodproperty: z.union([z.literal(0), z.literal(1), z.literal(3)]).default(0),
  code: z.string().trim().max(20).default(""),
  isRecommend: z.boolean().default(false),
  hidden: z.boolean().default(false),
  /** 0 always on sale; 1 by salableDays and salableTime */
  salablePeriodType: z.union([z.literal(0), z.literal(1)]).default(0),
  salableDays: salableDaysSchema.default("0"),
  salableTime: salableTimeSchema.default("0"),
  /** an uploaded image's key (images call), or a drawn one; '' for none */
  imageKey: z
    .string()
    .regex(/^[a-z0-9-]{0,80}$/, "图片标识不正确")
    .default(""),
  norms: z.array(consoleNormSchema).max(20).default([]),
  methodCategories: z.array(consoleMethodCategorySchema).max(10).default([]),
  additionCategories: z.array(consoleAdditionCategorySchema).max(10).default([]),
  combos: z.array(consoleComboPartSchema).max(50).default([]),
  /** what the dish itself contains: null until the restaurant declares it ([] declares none) */
  allergens: allergenCodesSchema.nullable().default(null),
  diets: dietCodesSchema.default([]),
});
export type ConsoleDishInput = z.infer<typeof consoleDishInputSchema>;

/** Editing a dish names the version it read: a dish changed since answers 409. */
export const consoleDishUpdateSchema = consoleDishInputSchema.extend({ version: z.number().int().min(0) });
export type ConsoleDishUpdate = z.infer<typeof consoleDishUpdateSchema>;

export const consoleDishHiddenSchema = z.object({ version: z.number().int().min(0), hidden: z.boolean() });
export const consoleVersionQuerySchema = z.object({ version: z.coerce.number().int().min(0) });

export const consoleCategoryCreateSchema = z.object({
  name: nameSchema(20),
  /** set for a second category */
  parentId: idSchema.nullable().default(null),
});
export const consoleCategoryUpdateSchema = z
  .object({
    version: z.number().int().min(0),
    name: nameSchema(20).optional(),
    hidden: z.boolean().optional(),
  })
  .refine((b) => b.name !== undefined || b.hidden !== undefined, { message: "缺少 name 或 hidden" });

/** A new order of a list: exactly the ids it holds now, first to last. */
const orderedIdsSchema = z
  .array(idSchema)
  .max(1000)
  .refine((ids) => new Set(ids).size === ids.length, { message: "id 不能重复" });
export const consoleCategoryOrderSchema = z.object({
  /** null: the first-level categories; else that category's second categories */
  parentId: idSchema.nullable().default(null),
  ids: orderedIdsSchema,
});
export const consoleDishOrderSchema = z.object({ ids: orderedIdsSchema });
/** 老板推荐: the recommended dishes in their order (every other dish is not recommended). */
export const consoleRecommendsSchema = z.object({ dishIds: orderedIdsSchema });

export const MEMO_TYPES = ["KOU_WEI"] as const;
export const consoleMemoInputSchema = z.object({
  type: z.enum(MEMO_TYPES).default("KOU_WEI"),
  content: nameSchema(20),
  /** higher first among the comment tags */
  number: z.number().int().min(0).max(9999).default(0),
});

export const consoleCategoryParamSchema = z.object({ rid: idSchema, categoryId: idSchema });
export const consoleDishParamSchema = z.object({ rid: idSchema, dishId: idSchema });
export const consoleMemoParamSchema = z.object({ rid: idSchema, memoId: idSchema });

/** 'HH:MM-HH:MM' (24:00 allowed as the end) */
const businessTimeSchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "应为 HH:MM-HH:MM");

/** The restaurant settings the console changes: modes, hours, templates, start price, texts. */
export const consoleSettingsInputSchema = z.object({
  version: z.number().int().min(0),
  name: nameSchema(40),
  /** how its QR links open */
  linkMode: z.enum(["dine", "takeout", "reserve"]),
  /** 1 = pay first (prepayment) */
  wctPayType: z.union([z.literal(0), z.literal(1)]),
  /** quick service (no shared table cart) */
  fastHotel: z.boolean(),
  /** 0 dine in, 1 take away, 2 either */
  foodTakingMode: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  wctPayOnly: z.union([z.literal(0), z.literal(1)]),
  fastFoodNeedPersonNum: z.boolean(),
  hideTotalPrice: z.boolean(),
  wctCallService: z.boolean(),
  verifyPhone: z.boolean(),
  /** closed to new orders */
  hotelLock: z.boolean(),
  businessTime: businessTimeSchema,
  foodsTemplate: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  recommendsTemplate: z.union([z.literal(1), z.literal(2)]),
  /** takeout minimum, yuan: judged on the goods, before the delivery fee */
  startPrice: moneySchema,
  /** takeout's delivery fee, yuan in whole cents (stored as cents) */
  deliveryFee: centsMoneySchema,
  /** takeout's preparation and delivery, minutes: the diner's 预计送达 */
  deliveryMinutes: z
    .number()
    .int("应为整数分钟")
    .min(0, "不能小于 0")
    .max(MAX_DELIVERY_MINUTES, `不能超过 ${MAX_DELIVERY_MINUTES} 分钟`),
  announcement: z.string().trim().max(200, "不能超过 200 个字"),
  /** the discount banner's text on the menu */
  discountText: z.string().trim().max(60, "不能超过 60 个字"),
  address: z.string().trim().max(100),
  phone: z.string().trim().max(30),
  description: z.string().trim().max(300),
});
export type ConsoleSettingsInput = z.infer<typeof consoleSettingsInputSchema>;

// ---------------------------------------------------------------------------------------------
// Responses

export const consoleCategorySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  hidden: z.boolean(),
  version: z.number().int(),
});
export type ConsoleCategory = z.infer<typeof consoleCategorySchema>;

/** Money as the console reads it: the plain decimal text ('38', '12.5'). */
const decimalText = z.string().regex(/^\d+(\.\d+)?$/);

/** A dish as the console edits it: the input's fields, with its id, order, stock and version. */
export const consoleDishSchema = consoleDishInputSchema.extend({
  id: z.number().int(),
  price: decimalText,
  vipPrice: decimalText.nullable(),
  startPrice: decimalText.nullable(),
  startVipPrice: decimalText.nullable(),
  sort: z.number().int(),
  recommendSort: z.number().int(),
  /** remaining stock: -1 unlimited, 0 sold out (set by the stock calls, shown here) */
  estimate: z.number().int(),
  version: z.number().int(),
  /** the image's URL at the default size, '' without one */
  imageUrl: z.string(),
  norms: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      price: decimalText,
      vipPrice: decimalText.nullable(),
      isDefault: z.boolean(),
      allergens: allergenCodesSchema,
    }),
  ),
  methodCategories: z.array(
    z.object({
      categoryName: z.string(),
      sort: z.number().int(),
      methodList: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          markupPrice: decimalText,
          markupWay: z.union([z.literal(0), z.literal(1), z.literal(2)]),
          isDefault: z.boolean(),
          allergens: allergenCodesSchema,
        }),
      ),
    }),
  ),
  additionCategories: z.array(
    z.object({
      categoryName: z.string(),
      sort: z.number().int(),
      additions: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          priceUpValue: decimalText,
          allergens: allergenCodesSchema,
        }),
      ),
    }),
  ),
  combos: z.array(
    z.object({
      id: z.number().int(),
      itemId: z.number().int(),
      /** the part dish's current name */
      name: z.string(),
      count: z.number().int(),
      groupName: z.string(),
      groupPick: z.number().int(),
      priceUp: decimalText,
      allergens: allergenCodesSchema,
    }),
  ),
});
export type ConsoleDish = z.infer<typeof consoleDishSchema>;

export const consoleMemoSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  content: z.string(),
  number: z.number().int(),
});
export type ConsoleMemo = z.infer<typeof consoleMemoSchema>;

/** The menu call's answer: everything the menu pages show, hidden entries included. */
export const consoleMenuSchema = z.object({
  categories: z.array(consoleCategorySchema),
  /** by category, then the dish's order */
  dishes: z.array(consoleDishSchema),
  /** 老板推荐, in order */
  recommends: z.array(z.number().int()),
  memos: z.array(consoleMemoSchema),
});
export type ConsoleMenu = z.infer<typeof consoleMenuSchema>;

export const consoleImageSchema = z.object({
  imageKey: z.string(),
  /** the image at the default (200×200) size */
  url: z.string(),
});
export type ConsoleImage = z.infer<typeof consoleImageSchema>;

export const consoleSettingsSchema = consoleSettingsInputSchema.extend({
  restaurantId: z.number().int(),
  startPrice: decimalText,
  deliveryFee: decimalText,
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;

/** Upload limits: the console checks them before sending; the server refuses past them (413/415). */
export const IMAGE_UPLOAD = {
  maxBytes: 5 * 1024 * 1024,
  types: ["image/jpeg", "image/png", "image/webp"],
} as const;

// ---------------------------------------------------------------------------------------------
// Rules

/** One broken rule: the field's path (as the form names it) and a Chinese message naming the field. */
export interface DishProblem {
  field: string;
  message: string;
}

/** What the rules need to know beyond the dish: the restaurant's categories and other dishes. */
export interface DishRuleContext {
  /** the dish being edited (a combo cannot contain itself); undefined for a new dish */
  dishId?: number;
  categories: ReadonlyArray<{ id: number; parentId: number | null }>;
  /** the restaurant's dishes: a combo part must be one of its single dishes */
  dishes: ReadonlyArray<{ id: number; foodproperty: number }>;
  /** option ids the restaurant's menu already uses, per kind: a given id must be one of them */
  knownOptionIds?: {
    norms: ReadonlySet<number>;
    methods: ReadonlySet<number>;
    additions: ReadonlySet<number>;
    parts: ReadonlySet<number>;
  };
}

const FIELD_NAMES: Record<string, string> = {
  categoryId: "分类",
  secondCategoryId: "二级分类",
  unit: "单位",
  price: "价格",
  startPrice: "起售价",
  mustFoodType: "必点规则",
  salableTime: "可售时段",
  norms: "规格",
  methodCategories: "做法",
  additionCategories: "加料",
  combos: "套餐内容",
  minCount: "起售份数",
};

const problem = (field: string, message: string): DishProblem => ({ field, message });

function duplicates(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of names) (seen.has(name) ? repeated : seen).add(name);
  return [...repeated];
}

function normProblems(dish: ConsoleDishInput): DishProblem[] {
  const out: DishProblem[] = [];
  for (const name of duplicates(dish.norms.map((n) => n.name)))
    out.push(problem("norms", `规格名称「${name}」重复`));
  if (dish.norms.filter((n) => n.isDefault).length > 1) out.push(problem("norms", "规格只能有一个默认"));
  if (dish.norms.length > 0 && dish.foodproperty !== 0) out.push(problem("norms", "套餐不能设置规格"));
  return out;
}

function methodProblems(dish: ConsoleDishInput): DishProblem[] {
  const out: DishProblem[] = [];
  for (const name of duplicates(dish.methodCategories.map((c) => c.categoryName)))
    out.push(problem("methodCategories", `做法分类「${name}」重复`));
  dish.methodCategories.forEach((category, i) => {
    for (const name of duplicates(category.methodList.map((m) => m.name)))
      out.push(problem(`methodCategories.${i}`, `做法「${name}」在「${category.categoryName}」中重复`));
    if (category.methodList.filter((m) => m.isDefault).length > 1)
      out.push(problem(`methodCategories.${i}`, `做法分类「${category.categoryName}」只能有一个默认做法`));
    category.methodList.forEach((m, j) => {
      if (m.markupWay === 0 && Number(m.markupPrice) !== 0)
        out.push(
          problem(`methodCategories.${i}.methodList.${j}.markupPrice`, `做法「${m.name}」不加价时加价应为 0`),
        );
      if (m.markupWay === 1 && Number(m.markupPrice) > 100)
        out.push(
          problem(
            `methodCategories.${i}.methodList.${j}.markupPrice`,
            `做法「${m.name}」的加价比例不能超过 100%`,
          ),
        );
    });
  });
  return out;
}

function additionProblems(dish: ConsoleDishInput): DishProblem[] {
  const out: DishProblem[] = [];
  for (const name of duplicates(dish.additionCategories.map((c) => c.categoryName)))
    out.push(problem("additionCategories", `加料分类「${name}」重复`));
  const names = dish.additionCategories.flatMap((c) => c.additions.map((a) => a.name));
  for (const name of duplicates(names)) out.push(problem("additionCategories", `加料「${name}」重复`));
  const ids = dish.additionCategories.flatMap((c) => c.additions.flatMap((a) => (a.id ? [a.id] : [])));
  if (new Set(ids).size !== ids.length) out.push(problem("additionCategories", "同一加料不能出现两次"));
  return out;
}

function comboProblems(dish: ConsoleDishInput, ctx: DishRuleContext): DishProblem[] {
  const out: DishProblem[] = [];
  const isCombo = dish.foodproperty !== 0;
  if (!isCombo) {
    if (dish.combos.length > 0) out.push(problem("combos", "单品不能有套餐内容，请把类型改为套餐"));
    return out;
  }
  if (dish.combos.length === 0) out.push(problem("combos", "套餐至少要有一个菜品"));
  if (dish.weigh) out.push(problem("weigh", "套餐不能称重"));
  const byId = new Map(ctx.dishes.map((d) => [d.id, d]));
  dish.combos.forEach((part, i) => {
    const item = byId.get(part.itemId);
    if (part.itemId === ctx.dishId) out.push(problem(`combos.${i}.itemId`, "套餐不能包含它自己"));
    else if (!item) out.push(problem(`combos.${i}.itemId`, `套餐内容第 ${i + 1} 项的菜品不存在`));
    else if (item.foodproperty !== 0)
      out.push(problem(`combos.${i}.itemId`, `套餐内容第 ${i + 1} 项是套餐，套餐只能包含单品`));
  });
  const groups = new Map<string, typeof dish.combos>();
  for (const part of dish.combos) groups.set(part.groupName, [...(groups.get(part.groupName) ?? []), part]);
  for (const [name, parts] of groups) {
    const picks = new Set(parts.map((p) => p.groupPick));
    if (picks.size > 1) {
      out.push(problem("combos", `套餐分组「${name}」的可选数量不一致`));
      continue;
    }
    const pick = parts[0]?.groupPick ?? 0;
    if (pick > parts.length) out.push(problem("combos", `套餐分组「${name}」的可选数量超过了它的菜品数`));
    if (dish.foodproperty === 1 && pick !== parts.length)
      out.push(problem("combos", `固定套餐的分组「${name}」应包含全部菜品（可选数量 ${parts.length}）`));
    for (const itemId of duplicates(parts.map((p) => String(p.itemId))))
      out.push(problem("combos", `套餐分组「${name}」中同一菜品（${itemId}）出现两次`));
  }
  return out;
}

function categoryProblems(dish: ConsoleDishInput, ctx: DishRuleContext): DishProblem[] {
  const category = ctx.categories.find((c) => c.id === dish.categoryId);
  if (!category || category.parentId !== null) return [problem("categoryId", "分类不存在")];
  if (dish.secondCategoryId === null) return [];
  const second = ctx.categories.find((c) => c.id === dish.secondCategoryId);
  return second?.parentId === dish.categoryId ? [] : [problem("secondCategoryId", "二级分类不属于所选分类")];
}

function optionIdProblems(dish: ConsoleDishInput, ctx: DishRuleContext): DishProblem[] {
  const known = ctx.knownOptionIds;
  if (!known) return [];
  const out: DishProblem[] = [];
  const check = (ids: Array<number | undefined>, set: ReadonlySet<number>, field: string, label: string) => {
    for (const id of ids)
      if (id !== undefined && !set.has(id)) out.push(problem(field, `${label} id ${id} 不属于本店`));
  };
  check(
    dish.norms.map((n) => n.id),
    known.norms,
    "norms",
    "规格",
  );
  check(
    dish.methodCategories.flatMap((c) => c.methodList.map((m) => m.id)),
    known.methods,
    "methodCategories",
    "做法",
  );
  check(
    dish.additionCategories.flatMap((c) => c.additions.map((a) => a.id)),
    known.additions,
    "additionCategories",
    "加料",
  );
  check(
    dish.combos.map((p) => p.id),
    known.parts,
    "combos",
    "套餐内容",
  );
  const all = [
    ...dish.norms.map((n) => n.id),
    ...dish.methodCategories.flatMap((c) => c.methodList.map((m) => m.id)),
    ...dish.combos.map((p) => p.id),
  ].filter((id): id is number => id !== undefined);
  if (new Set(all).size !== all.length) out.push(problem("norms", "选项 id 重复"));
  return out;
}

/** '0' (all day), or ranges each of which core's period rule reads as a real range within the day. */
export function saleTimeValid(time: string): boolean {
  if (time === "0") return true;
  return time.split(",").every((range) => {
    const [parsed] = parseRanges(range);
    return parsed !== undefined && parsed.end <= 24 * 60 && parsed.start < 24 * 60;
  });
}

/**
 * Every rule a dish breaks, given the restaurant's categories and dishes (none: it may be saved).
 * The diner app relies on these: a weighed dish has a unit; a starting price has its amount; a
 * must-order dish says per diner or per table; a sale period's hours are real ranges; a combo's
 * parts are existing single dishes of the restaurant, its groups pick consistently; norm, method
 * and addition names are unique where the diner chooses among them.
 */
export function dishProblems(dish: ConsoleDishInput, ctx: DishRuleContext): DishProblem[] {
  const out: DishProblem[] = [...categoryProblems(dish, ctx)];
  if (dish.weigh && dish.unit.trim() === "") out.push(problem("unit", "称重菜品必须填写单位（如 斤、克）"));
  if (dish.weigh && dish.norms.length > 0) out.push(problem("norms", "称重菜品不能设置规格"));
  if (dish.pricingType === 1 && dish.startPrice === null)
    out.push(problem("startPrice", "起价菜品必须填写起售价"));
  if (dish.pricingType === 1 && dish.marketPrice) out.push(problem("pricingType", "时价菜品不能设置起价"));
  if (dish.necessary && dish.mustFoodType === 0)
    out.push(problem("mustFoodType", "必点菜品须选择按人数或按桌必点"));
  if (!dish.necessary && dish.mustFoodType !== 0)
    out.push(problem("necessary", "设置了必点规则的菜品须标为必点"));
  if (dish.salablePeriodType === 1 && !saleTimeValid(dish.salableTime))
    out.push(problem("salableTime", "可售时段的结束时间须晚于开始时间，且不超过 24:00"));
  out.push(
    ...normProblems(dish),
    ...methodProblems(dish),
    ...additionProblems(dish),
    ...comboProblems(dish, ctx),
  );
  out.push(...optionIdProblems(dish, ctx));
  return out;
}

/** One message naming the first broken rule's field, as a 400 says it: 「价格：…」. */
export function dishProblemMessage(problems: readonly DishProblem[]): string {
  const first = problems[0];
  if (!first) return "";
  const root = first.field.split(".")[0] ?? first.field;
  const label = FIELD_NAMES[root];
  const more = problems.length > 1 ? `（另有 ${problems.length - 1} 处问题）` : "";
  return `${label ? `${label}：` : ""}${first.message}（${first.field}）${more}`;
}

/** The price column a dish input stores: 时价 is the spec's 0.0001; with norms, the default norm's price. */
export function storedDishPrice(
  dish: Pick<ConsoleDishInput, "price" | "vipPrice" | "marketPrice" | "norms">,
): {
  price: string;
  vipPrice: string | null;
} {
  if (dish.marketPrice) return { price: String(MARKET_PRICE), vipPrice: null };
  const shown = dish.norms.find((n) => n.isDefault) ?? dish.norms[0];
  if (shown) return { price: shown.price, vipPrice: shown.vipPrice };
  return { price: dish.price, vipPrice: dish.vipPrice };
}

/** PUT …/menu/categories/order, …/dishes/order, …/recommends: the ids in their new order. */
export const idOrderSchema = z.array(z.number());
/** DELETE …/menu/categories/:id, …/dishes/:id, …/memos/:id: what was removed. */
export const categoryDeletedSchema = z.object({ categoryId: z.number() });
export const dishDeletedSchema = z.object({ dishId: z.number() });
export const memoDeletedSchema = z.object({ memoId: z.number() });
