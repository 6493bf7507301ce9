import {
  API,
  AppError,
  cartIdQuerySchema,
  cartInfoQuerySchema,
  cartJoinBodySchema,
  cartOpsBodySchema,
} from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { carts, restaurants, tableUsers } from "../../db/schema.js";
import type { BaseDeps } from "../../deps.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { Signer } from "../../security/signer.js";
import { requireVisitor } from "../../security/visitor.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { getSignedTable } from "../table/tables.js";
import { seatVisitor } from "../visit/visits.js";
import { cartState } from "./cart-state.js";
import { joinCart, openCart } from "./carts.js";
import { operate } from "./operate.js";

/**
 * A cart reached by its signed id (what the cart-id call handed out), for a visitor seated at its
 * visit (and its owner in quick-service); the visit may have ended: a party still reads its own cart.
 */
async function signedCart(
  db: Db,
  signer: Signer,
  q: { rid: number; cartId: number; cartIdSign: string },
  guid: string,
) {
  if (!signer.verifyCartSign(q.cartId, q.cartIdSign))
    throw new AppError("invalidTableToken", "购物车签名无效");
  const [row] = await db
    .select({ cart: carts, fastHotel: restaurants.fastHotel, seat: tableUsers.id })
    .from(carts)
    .innerJoin(restaurants, eq(carts.restaurantId, restaurants.id))
    .leftJoin(tableUsers, and(eq(tableUsers.visitId, carts.visitId), eq(tableUsers.guid, guid)))
    .where(and(eq(carts.id, q.cartId), eq(carts.restaurantId, q.rid)));
  if (!row) throw new AppError("cartNotFound");
  if (row.seat === null || (row.cart.ownerGuid !== "" && row.cart.ownerGuid !== guid))
    throw new AppError("notSeated");
  return row;
}

export function cartRoutes(app: FastifyInstance, deps: BaseDeps, signer: Signer): void {
  const { db } = deps;
  // carries the table's token: a scan, which seats the visitor at the table's open visit
  app.get(API.cartId, async (request) => {
    const query = parse(cartIdQuerySchema, request.query);
    const guid = requireVisitor(signer, request, query.guid);
    const restaurant = await getRestaurant(db, query.rid);
    const table = await getSignedTable(db, signer, restaurant.id, query.tableId, query.sid);
    const cart = await openCart(
      db,
      restaurant,
      table,
      await seatVisitor(db, table, guid, deps.backplane),
      guid,
    );
    return ok({ value: cart.id, sign: signer.cartSign(cart.id) });
  });

  app.post(API.cartJoin, async (request) => {
    const body = parse(cartJoinBodySchema, request.body);
    const guid = requireVisitor(signer, request, body.cookieGuid);
    if (!signer.verifyCartSign(body.cartId, body.cartIdSign))
      throw new AppError("invalidTableToken", "购物车签名无效");
    await getRestaurant(db, body.restaurantId);
    return ok(
      await joinCart(db, {
        restaurantId: body.restaurantId,
        tableId: body.tableId,
        cartId: body.cartId,
        guid,
        nickName: body.nickName,
        headIcon: body.headIcon,
      }),
    );
  });

  app.get(API.cartInfo, async (request) => {
    const query = parse(cartInfoQuerySchema, request.query);
    const { cart } = await signedCart(db, signer, query, requireVisitor(signer, request));
    return ok(await cartState(db, cart.id));
  });

  // A refused operation is still an answer: the verdict says why, and the cart is unchanged.
  app.post(API.cartOps, async (request) => {
    const body = parse(cartOpsBodySchema, request.body);
    const guid = requireVisitor(signer, request, body.guid);
    const { cart, fastHotel } = await signedCart(db, signer, body, guid);
    const outcome = await operate(deps, {
      cartId: cart.id,
      guid,
      opId: body.opId,
      op: body.op,
      accessType: fastHotel ? "virTable" : "realTable",
    });
    return ok({ verdict: outcome.verdict, cart: outcome.state });
  });
}
