import {
  API,
  crmTypeAnswer,
  crmTypeQuerySchema,
  restaurantDetailQuerySchema,
  ridQuerySchema,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import { getRestaurant, posStatus, presentRestaurant } from "./restaurants.js";

export function restaurantRoutes(app: FastifyInstance, db: Db): void {
  app.get(API.restaurantDetail, async (request) => {
    const { restaurantId } = parse(restaurantDetailQuerySchema, request.query);
    return ok(presentRestaurant(await getRestaurant(db, restaurantId)));
  });

  app.get(API.posStatus, async (request) => {
    const { rid } = parse(ridQuerySchema, request.query);
    return ok(posStatus(await getRestaurant(db, rid)), 200);
  });

  app.get(API.crmType, async (request) => {
    const { rid } = parse(crmTypeQuerySchema, request.query);
    return ok(crmTypeAnswer((await getRestaurant(db, rid)).crmType));
  });
}
