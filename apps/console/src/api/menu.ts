import {
  API,
  type ConsoleCategory,
  type ConsoleDish,
  type ConsoleDishInput,
  type ConsoleDishUpdate,
  type ConsoleMemo,
  type ConsoleSettings,
  type ConsoleTranslationsInput,
  categoryDeletedSchema,
  consoleCategorySchema,
  consoleDishSchema,
  consoleImageSchema,
  consoleMemoSchema,
  consoleMenuSchema,
  consoleSettingsSchema,
  consoleTranslationsSchema,
  dishDeletedSchema,
  idOrderSchema,
  memoDeletedSchema,
} from "@tablemate/core";
import { call, upload } from "./http.js";

/**
 * The menu and settings calls (core's contract/console-menu.ts). Requests are the contract's input
 * types as the forms build them; the server parses them with the same schemas, and answers are parsed
 * with core's response schemas by call().
 */
export const menuApi = {
  menu: (rid: number) => call(API.consoleMenu(rid), consoleMenuSchema),

  translations: (rid: number, lang: string) =>
    call(API.consoleTranslations(rid), consoleTranslationsSchema, { query: { lang } }),
  saveTranslations: (rid: number, body: ConsoleTranslationsInput) =>
    call(API.consoleTranslations(rid), consoleTranslationsSchema, { method: "PUT", body }),

  createCategory: (rid: number, body: { name: string; parentId: number | null }) =>
    call(API.consoleCategories(rid), consoleCategorySchema, { method: "POST", body }),
  updateCategory: (rid: number, category: ConsoleCategory, change: { name?: string; hidden?: boolean }) =>
    call(API.consoleCategory(rid, category.id), consoleCategorySchema, {
      method: "PUT",
      body: { version: category.version, ...change },
    }),
  deleteCategory: (rid: number, category: ConsoleCategory) =>
    call(API.consoleCategory(rid, category.id), categoryDeletedSchema, {
      method: "DELETE",
      query: { version: category.version },
    }),
  orderCategories: (rid: number, parentId: number | null, order: number[]) =>
    call(API.consoleCategoryOrder(rid), idOrderSchema, { method: "PUT", body: { parentId, ids: order } }),
  orderDishes: (rid: number, categoryId: number, order: number[]) =>
    call(API.consoleDishOrder(rid, categoryId), idOrderSchema, { method: "PUT", body: { ids: order } }),

  createDish: (rid: number, body: ConsoleDishInput) =>
    call(API.consoleDishes(rid), consoleDishSchema, { method: "POST", body }),
  updateDish: (rid: number, dishId: number, body: ConsoleDishUpdate) =>
    call(API.consoleDish(rid, dishId), consoleDishSchema, { method: "PUT", body }),
  setDishHidden: (rid: number, dish: ConsoleDish, hidden: boolean) =>
    call(API.consoleDishHidden(rid, dish.id), consoleDishSchema, {
      method: "PUT",
      body: { version: dish.version, hidden },
    }),
  deleteDish: (rid: number, dish: ConsoleDish) =>
    call(API.consoleDish(rid, dish.id), dishDeletedSchema, {
      method: "DELETE",
      query: { version: dish.version },
    }),
  setRecommends: (rid: number, dishIds: number[]) =>
    call(API.consoleRecommends(rid), idOrderSchema, { method: "PUT", body: { dishIds } }),

  createMemo: (rid: number, body: { content: string; number: number }) =>
    call(API.consoleMemos(rid), consoleMemoSchema, { method: "POST", body }),
  updateMemo: (rid: number, memo: ConsoleMemo) =>
    call(API.consoleMemo(rid, memo.id), consoleMemoSchema, {
      method: "PUT",
      body: { type: memo.type, content: memo.content, number: memo.number },
    }),
  deleteMemo: (rid: number, memoId: number) =>
    call(API.consoleMemo(rid, memoId), memoDeletedSchema, { method: "DELETE" }),

  uploadImage: (rid: number, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return upload(API.consoleImages(rid), consoleImageSchema, form);
  },

  settings: (rid: number) => call(API.consoleSettings(rid), consoleSettingsSchema),
  saveSettings: (rid: number, settings: ConsoleSettings) => {
    const { restaurantId: _, ...body } = settings;
    return call(API.consoleSettings(rid), consoleSettingsSchema, { method: "PUT", body });
  },
};

/** Whether a failed call was a compare-and-set refusal (someone else saved first): reload and say so. */
export function isConflict(error: unknown): boolean {
  return error instanceof Error && "status" in error && error.status === 409;
}
