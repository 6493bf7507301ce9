import { API, AppError, cartIdQuerySchema, cartJoinBodySchema } from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { Signer } from "../../security/signer.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { getSignedTable } from "../table/tables.js";
import { joinCart, openCart } from "./carts.js";

export function cartRoutes(app: FastifyInstance, db: Db, signer: Signer): void {
  app.get(API.cartId, async (request) => {
    const query = parse(cartIdQuerySchema, request.query);
    const restaurant = await getRestaurant(db, query.rid);
    const table = await getSignedTable(db, signer, restaurant.id, query.tableId, query.sid);
    const cart = await openCart(db, restaurant, table, query.guid);
    return ok({ value: cart.id, sign: signer.cartSign(cart.id) });
  });

  app.post(API.cartJoin, async (request) => {
    const body = parse(cartJoinBodySchema, request.body);
    if (!signer.verifyCartSign(body.cartId, body.cartIdSign))
      throw new AppError("invalidTableToken", "购物车签名无效");
    await getRestaurant(db, body.restaurantId);
    return ok(
      await joinCart(db, {
        restaurantId: body.restaurantId,
        tableId: body.tableId,
        cartId: body.cartId,
        guid: body.cookieGuid,
        nickName: body.nickName,
        headIcon: body.headIcon,
      }),
    );
  });
}
