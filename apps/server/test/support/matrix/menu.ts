import { API } from "@tablemate/core";
import { and, asc, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { categories, dishes, memos, menuTranslations, restaurants } from "../../../src/db/schema.js";
import { presentConsoleDish, presentSettings } from "../../../src/modules/menu-admin/present.js";
import type { MatrixContext, MatrixRow } from "./types.js";

/** Everything a menu or settings call may change at the restaurant. */
const menuOf = async ({ db, rid }: MatrixContext) => ({
  categories: await db
    .select()
    .from(categories)
    .where(eq(categories.restaurantId, rid))
    .orderBy(asc(categories.id)),
  dishes: await db.select().from(dishes).where(eq(dishes.restaurantId, rid)).orderBy(asc(dishes.id)),
  memos: await db.select().from(memos).where(eq(memos.restaurantId, rid)).orderBy(asc(memos.id)),
  restaurant: await db.select().from(restaurants).where(eq(restaurants.id, rid)),
  translations: await db
    .select()
    .from(menuTranslations)
    .where(eq(menuTranslations.restaurantId, rid))
    .orderBy(asc(menuTranslations.lang), asc(menuTranslations.source)),
});

const firstLevel = ({ db, rid }: MatrixContext) =>
  db
    .select()
    .from(categories)
    .where(and(eq(categories.restaurantId, rid), isNull(categories.parentId)))
    .orderBy(asc(categories.sort), asc(categories.id));

/** A single dish of the restaurant as it is now, and the console's input for it (with its version). */
async function plainDish(ctx: MatrixContext) {
  const rows = await ctx.db
    .select()
    .from(dishes)
    .where(and(eq(dishes.restaurantId, ctx.rid), eq(dishes.foodproperty, 0)))
    .orderBy(asc(dishes.id));
  const row = rows.find((d) => d.norms.length === 0 && !d.weigh && d.pricingType === 0 && !d.necessary);
  if (!row) throw new Error("no plain dish");
  const { id, sort, recommendSort, estimate, imageUrl, ...input } = presentConsoleDish(row, "");
  return {
    row,
    input: { ...input, combos: input.combos.map(({ name, ...part }) => part) },
  };
}

/** A fresh dish in the first category (made through the database), for a row that deletes one. */
async function freshDish(ctx: MatrixContext) {
  const [category] = await firstLevel(ctx);
  const [row] = await ctx.db
    .insert(dishes)
    .values({
      restaurantId: ctx.rid,
      categoryId: category?.id ?? 0,
      name: `矩阵菜${ctx.unique()}`,
      price: "9",
    })
    .returning();
  if (!row) throw new Error("dish not inserted");
  return row;
}

/** Menu management and restaurant settings (menu-admin). */
export const MENU_ROWS: MatrixRow[] = [
  {
    method: "GET",
    route: API.consoleMenu(":rid"),
    permission: "floor.read",
    request: async ({ rid }) => ({ url: API.consoleMenu(rid) }),
    snapshot: menuOf,
  },
  {
    method: "POST",
    route: API.consoleCategories(":rid"),
    permission: "menu.write",
    request: async (ctx) => ({
      url: API.consoleCategories(ctx.rid),
      payload: { name: `矩阵分类${ctx.unique()}` },
    }),
    snapshot: menuOf,
  },
  {
    method: "PUT",
    route: API.consoleCategory(":rid", ":categoryId"),
    permission: "menu.write",
    request: async (ctx) => {
      const [category] = await firstLevel(ctx);
      return {
        url: API.consoleCategory(ctx.rid, category?.id ?? 0),
        payload: { version: category?.version ?? 0, name: `改名${ctx.unique()}` },
      };
    },
    snapshot: menuOf,
  },
  {
    method: "DELETE",
    route: API.consoleCategory(":rid", ":categoryId"),
    permission: "menu.write",
    request: async (ctx) => {
      const [category] = await ctx.db
        .insert(categories)
        .values({ restaurantId: ctx.rid, name: `空分类${ctx.unique()}`, sort: 999 })
        .returning();
      return { url: `${API.consoleCategory(ctx.rid, category?.id ?? 0)}?version=0` };
    },
    snapshot: menuOf,
  },
  {
    method: "PUT",
    route: API.consoleCategoryOrder(":rid"),
    permission: "menu.write",
    request: async (ctx) => ({
      url: API.consoleCategoryOrder(ctx.rid),
      payload: { parentId: null, ids: (await firstLevel(ctx)).map((c) => c.id).reverse() },
    }),
    snapshot: menuOf,
  },
  {
    method: "PUT",
    route: API.consoleDishOrder(":rid", ":categoryId"),
    permission: "menu.write",
    request: async (ctx) => {
      const [category] = await firstLevel(ctx);
      const held = await ctx.db
        .select({ id: dishes.id })
        .from(dishes)
        .where(eq(dishes.categoryId, category?.id ?? 0))
        .orderBy(asc(dishes.sort), asc(dishes.id));
      return {
        url: API.consoleDishOrder(ctx.rid, category?.id ?? 0),
        payload: { ids: held.map((d) => d.id).reverse() },
      };
    },
    snapshot: menuOf,
  },
  {
    method: "POST",
    route: API.consoleDishes(":rid"),
    permission: "menu.write",
    request: async (ctx) => {
      const { input } = await plainDish(ctx);
      return { url: API.consoleDishes(ctx.rid), payload: { ...input, name: `矩阵新菜${ctx.unique()}` } };
    },
    snapshot: menuOf,
  },
  {
    method: "PUT",
    route: API.consoleDish(":rid", ":dishId"),
    permission: "menu.write",
    request: async (ctx) => {
      const { row, input } = await plainDish(ctx);
      return { url: API.consoleDish(ctx.rid, row.id), payload: { ...input, name: `改名菜${ctx.unique()}` } };
    },
    snapshot: menuOf,
  },
  {
    method: "PUT",
    route: API.consoleDishHidden(":rid", ":dishId"),
    permission: "menu.write",
    request: async (ctx) => {
      const { row } = await plainDish(ctx);
      return {
        url: API.consoleDishHidden(ctx.rid, row.id),
        payload: { version: row.version, hidden: !row.hidden },
      };
    },
    snapshot: menuOf,
  },
  {
    method: "DELETE",
    route: API.consoleDish(":rid", ":dishId"),
    permission: "menu.write",
    request: async (ctx) => ({ url: `${API.consoleDish(ctx.rid, (await freshDish(ctx)).id)}?version=0` }),
    snapshot: menuOf,
  },
  {
    method: "PUT",
    route: API.consoleRecommends(":rid"),
    permission: "menu.write",
    request: async (ctx) => {
      const { row } = await plainDish(ctx);
      return { url: API.consoleRecommends(ctx.rid), payload: { dishIds: [row.id] } };
    },
    snapshot: menuOf,
  },
  {
    method: "GET",
    route: API.consoleTranslations(":rid"),
    permission: "menu.write",
    request: async ({ rid }) => ({ url: `${API.consoleTranslations(rid)}?lang=en-US` }),
    snapshot: menuOf,
  },
  {
    method: "PUT",
    route: API.consoleTranslations(":rid"),
    permission: "menu.write",
    request: async (ctx) => {
      const [dish] = await ctx.db
        .select({ name: dishes.name })
        .from(dishes)
        .where(eq(dishes.restaurantId, ctx.rid))
        .orderBy(asc(dishes.id));
      return {
        url: API.consoleTranslations(ctx.rid),
        payload: { lang: "en-US", texts: [{ source: dish?.name ?? "", text: `Dish ${ctx.unique()}` }] },
      };
    },
    snapshot: menuOf,
  },
  {
    method: "POST",
    route: API.consoleMemos(":rid"),
    permission: "menu.write",
    request: async (ctx) => ({ url: API.consoleMemos(ctx.rid), payload: { content: `备注${ctx.unique()}` } }),
    snapshot: menuOf,
  },
  {
    method: "PUT",
    route: API.consoleMemo(":rid", ":memoId"),
    permission: "menu.write",
    request: async (ctx) => {
      const [memo] = await ctx.db
        .select()
        .from(memos)
        .where(eq(memos.restaurantId, ctx.rid))
        .orderBy(asc(memos.id));
      return {
        url: API.consoleMemo(ctx.rid, memo?.id ?? 0),
        payload: { content: `改${ctx.unique()}`, number: 3 },
      };
    },
    snapshot: menuOf,
  },
  {
    method: "DELETE",
    route: API.consoleMemo(":rid", ":memoId"),
    permission: "menu.write",
    request: async (ctx) => {
      const [memo] = await ctx.db
        .insert(memos)
        .values({ restaurantId: ctx.rid, type: "KOU_WEI", content: `删${ctx.unique()}` })
        .returning();
      return { url: API.consoleMemo(ctx.rid, memo?.id ?? 0) };
    },
    snapshot: menuOf,
  },
  {
    // the upload stores a file and changes no row: nothing to audit
    method: "POST",
    route: API.consoleImages(":rid"),
    permission: "menu.write",
    request: async ({ rid }) => {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
        .png()
        .toBuffer();
      const boundary = "----matrix-upload";
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dish.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return {
        url: API.consoleImages(rid),
        payload,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      };
    },
    snapshot: menuOf,
    audits: false,
  },
  {
    method: "GET",
    route: API.consoleSettings(":rid"),
    permission: "floor.read",
    request: async ({ rid }) => ({ url: API.consoleSettings(rid) }),
    snapshot: menuOf,
  },
  {
    method: "PUT",
    route: API.consoleSettings(":rid"),
    permission: "settings.write",
    request: async (ctx) => {
      const [row] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, ctx.rid));
      if (!row) throw new Error("no restaurant");
      const { restaurantId, ...settings } = presentSettings(row);
      return {
        url: API.consoleSettings(ctx.rid),
        payload: { ...settings, announcement: `公告${ctx.unique()}` },
      };
    },
    snapshot: menuOf,
  },
];
