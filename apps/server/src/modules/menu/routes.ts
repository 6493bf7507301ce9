import {
  API,
  AppError,
  type Envelope,
  foodQuerySchema,
  hotelidQuerySchema,
  localPeriodSaleBodySchema,
  menuLangQuerySchema,
  menuTranslationQuerySchema,
  type PeriodSaleResult,
  periodSaleBodySchema,
  ridQuerySchema,
} from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { carts } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import {
  checkPeriodSale,
  foodCategories,
  foodList,
  type MenuContext,
  menuMemos,
  menuTranslation,
  periodDishes,
  recommendedFoods,
  sellOut,
} from "./menu.js";

/** 10001 and 10002 are answers, not failures: the diner is told which dishes left their period. */
function periodSaleEnvelope({
  code,
  result,
}: {
  code: number;
  result: PeriodSaleResult;
}): Envelope<PeriodSaleResult> {
  return {
    code,
    success: true,
    data: result,
    message: code === 200 ? "success" : "部分菜品已进入不可售时段",
  };
}

export function menuRoutes(app: FastifyInstance, ctx: MenuContext): void {
  const { db } = ctx;

  app.get(API.foodCategory, async (request) => {
    const { restaurantId } = parse(foodQuerySchema, request.query);
    const { lang } = parse(menuLangQuerySchema, request.query);
    return ok(await foodCategories(ctx, await getRestaurant(db, restaurantId), lang));
  });

  app.get(API.foodList, async (request) => {
    const { restaurantId } = parse(foodQuerySchema, request.query);
    const { lang } = parse(menuLangQuerySchema, request.query);
    return ok(await foodList(ctx, await getRestaurant(db, restaurantId), lang));
  });

  app.get(API.recommend, async (request) => {
    const { rid } = parse(ridQuerySchema, request.query);
    const { lang } = parse(menuLangQuerySchema, request.query);
    return ok(await recommendedFoods(ctx, await getRestaurant(db, rid), lang), 200);
  });

  app.get(`${API.sellOut}/:hotelid`, async (request) => {
    const { hotelid } = parse(hotelidQuerySchema, request.params);
    await getRestaurant(db, hotelid);
    return ok(await sellOut(db, hotelid, ctx.now()), 200);
  });

  app.get(API.periodDish, async (request) => {
    const { rid } = parse(ridQuerySchema, request.query);
    return ok(await periodDishes(ctx, await getRestaurant(db, rid)), 200);
  });

  app.post(API.cartPeriodSale, async (request) => {
    const body = parse(periodSaleBodySchema, request.body);
    const restaurant = await getRestaurant(db, body.rid);
    if (body.virTableId !== undefined) {
      const [cart] = await db
        .select({ id: carts.id })
        .from(carts)
        .where(and(eq(carts.id, body.virTableId), eq(carts.restaurantId, restaurant.id)));
      if (!cart) throw new AppError("cartNotFound");
    }
    // The shared cart's lines join this check when the cart holds lines (the shared-cart issue).
    return periodSaleEnvelope(await checkPeriodSale(ctx, restaurant, body.foodIds ?? []));
  });

  app.post(API.localCartPeriodSale, async (request) => {
    const body = parse(localPeriodSaleBodySchema, request.body);
    return periodSaleEnvelope(await checkPeriodSale(ctx, await getRestaurant(db, body.rid), body.foodIds));
  });

  app.get(API.memos, async (request) => {
    const { rid } = parse(ridQuerySchema, request.query);
    const { lang } = parse(menuLangQuerySchema, request.query);
    return ok(await menuMemos(ctx, await getRestaurant(db, rid), lang), 200);
  });

  app.get(API.menuTranslation, async (request) => {
    const { rid, lang } = parse(menuTranslationQuerySchema, request.query);
    return ok(await menuTranslation(ctx, await getRestaurant(db, rid), lang));
  });
}
