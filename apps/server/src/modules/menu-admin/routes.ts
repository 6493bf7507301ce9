import fastifyMultipart from "@fastify/multipart";
import {
  API,
  AppError,
  consoleCategoryCreateSchema,
  consoleCategoryOrderSchema,
  consoleCategoryParamSchema,
  consoleCategoryUpdateSchema,
  consoleDishHiddenSchema,
  consoleDishInputSchema,
  consoleDishOrderSchema,
  consoleDishParamSchema,
  consoleDishUpdateSchema,
  consoleMemoInputSchema,
  consoleMemoParamSchema,
  consoleRecommendsSchema,
  consoleRidParamSchema,
  consoleSettingsInputSchema,
  consoleTranslationsInputSchema,
  consoleTranslationsQuerySchema,
  consoleVersionQuerySchema,
  IMAGE_UPLOAD,
} from "@tablemate/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { StaffGuard } from "../staff/guard.js";
import { createCategory, deleteCategory, orderCategories, updateCategory } from "./categories.js";
import {
  createDish,
  deleteDish,
  type MenuAdminDeps,
  orderDishes,
  setDishHidden,
  setRecommends,
  updateDish,
} from "./dishes.js";
import { storeDishImage } from "./images.js";
import { consoleMenu, createMemo, deleteMemo, updateMemo } from "./memos.js";
import { readSettings, updateSettings } from "./settings.js";
import { consoleTranslations, saveTranslations } from "./translations.js";

/** The parts of a route path after `/console/api/v1/restaurants/:rid` for fastify's router. */
const RID = ":rid";

/**
 * Menu management and restaurant settings (issue 17): input parsed (400), the guard (401, 403),
 * then the feature function. Ids of another restaurant's rows are not found (404), never changed.
 */
export async function menuAdminRoutes(
  app: FastifyInstance,
  deps: MenuAdminDeps & { dataDir: string },
  guard: StaffGuard,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: IMAGE_UPLOAD.maxBytes, files: 1, fields: 5, parts: 6 },
    });
    routes(scope, deps, guard);
  });
}

function routes(app: FastifyInstance, deps: MenuAdminDeps & { dataDir: string }, guard: StaffGuard): void {
  const write = (request: FastifyRequest, rid: number) => guard.require(request, rid, "menu.write");

  app.get(API.consoleMenu(RID), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    // reading: whoever works the floor (every role with menu.write has floor.read too)
    await guard.require(request, rid, "floor.read");
    return ok(await consoleMenu(deps, rid));
  });

  // categories
  app.post(API.consoleCategories(RID), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const body = parse(consoleCategoryCreateSchema, request.body);
    return ok(await createCategory(deps, await write(request, rid), body));
  });
  app.put(API.consoleCategoryOrder(RID), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const body = parse(consoleCategoryOrderSchema, request.body);
    await orderCategories(deps, await write(request, rid), body);
    return ok(body.ids);
  });
  app.put(API.consoleCategory(RID, ":categoryId"), async (request) => {
    const { rid, categoryId } = parse(consoleCategoryParamSchema, request.params);
    const body = parse(consoleCategoryUpdateSchema, request.body);
    return ok(await updateCategory(deps, await write(request, rid), categoryId, body));
  });
  app.delete(API.consoleCategory(RID, ":categoryId"), async (request) => {
    const { rid, categoryId } = parse(consoleCategoryParamSchema, request.params);
    const { version } = parse(consoleVersionQuerySchema, request.query);
    await deleteCategory(deps, await write(request, rid), categoryId, version);
    return ok({ categoryId });
  });
  app.put(API.consoleDishOrder(RID, ":categoryId"), async (request) => {
    const { rid, categoryId } = parse(consoleCategoryParamSchema, request.params);
    const { ids } = parse(consoleDishOrderSchema, request.body);
    await orderDishes(deps, await write(request, rid), categoryId, ids);
    return ok(ids);
  });

  // dishes
  app.post(API.consoleDishes(RID), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const body = parse(consoleDishInputSchema, request.body);
    return ok(await createDish(deps, await write(request, rid), body));
  });
  app.put(API.consoleDish(RID, ":dishId"), async (request) => {
    const { rid, dishId } = parse(consoleDishParamSchema, request.params);
    const body = parse(consoleDishUpdateSchema, request.body);
    return ok(await updateDish(deps, await write(request, rid), dishId, body));
  });
  app.put(API.consoleDishHidden(RID, ":dishId"), async (request) => {
    const { rid, dishId } = parse(consoleDishParamSchema, request.params);
    const body = parse(consoleDishHiddenSchema, request.body);
    return ok(await setDishHidden(deps, await write(request, rid), dishId, body));
  });
  app.delete(API.consoleDish(RID, ":dishId"), async (request) => {
    const { rid, dishId } = parse(consoleDishParamSchema, request.params);
    const { version } = parse(consoleVersionQuerySchema, request.query);
    await deleteDish(deps, await write(request, rid), dishId, version);
    return ok({ dishId });
  });
  app.put(API.consoleRecommends(RID), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const { dishIds } = parse(consoleRecommendsSchema, request.body);
    return ok(await setRecommends(deps, await write(request, rid), dishIds));
  });

  // memos
  app.post(API.consoleMemos(RID), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const body = parse(consoleMemoInputSchema, request.body);
    return ok(await createMemo(deps, await write(request, rid), body));
  });
  app.put(API.consoleMemo(RID, ":memoId"), async (request) => {
    const { rid, memoId } = parse(consoleMemoParamSchema, request.params);
    const body = parse(consoleMemoInputSchema, request.body);
    return ok(await updateMemo(deps, await write(request, rid), memoId, body));
  });
  app.delete(API.consoleMemo(RID, ":memoId"), async (request) => {
    const { rid, memoId } = parse(consoleMemoParamSchema, request.params);
    await deleteMemo(deps, await write(request, rid), memoId);
    return ok({ memoId });
  });

  // translations (issue 28): menu rights only, reading too (they are the menu editor's)
  app.get(API.consoleTranslations(RID), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const { lang } = parse(consoleTranslationsQuerySchema, request.query);
    await write(request, rid);
    return ok(await consoleTranslations(deps, rid, lang));
  });
  app.put(API.consoleTranslations(RID), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const body = parse(consoleTranslationsInputSchema, request.body);
    return ok(await saveTranslations(deps, await write(request, rid), body));
  });

  // images: multipart, one file in the field `file`
  app.post(API.consoleImages(RID), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    await write(request, rid);
    if (!request.isMultipart())
      throw new AppError("imageType", "请以 multipart/form-data 上传图片（字段 file）");
    let upload: Buffer;
    try {
      const file = await request.file();
      if (!file) throw new AppError("imageType", "没有收到图片（字段 file）");
      if (!(IMAGE_UPLOAD.types as readonly string[]).includes(file.mimetype)) throw new AppError("imageType");
      upload = await file.toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("imageTooLarge");
      throw new AppError("imageType");
    }
    const { variants: _variants, ...image } = await storeDishImage(deps.dataDir, deps.imageHost, upload);
    return ok(image);
  });

  // settings
  app.get(API.consoleSettings(RID), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    await guard.require(request, rid, "floor.read");
    return ok(await readSettings(deps, rid));
  });
  app.put(API.consoleSettings(RID), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const body = parse(consoleSettingsInputSchema, request.body);
    return ok(await updateSettings(deps, await guard.require(request, rid, "settings.write"), body));
  });
}
