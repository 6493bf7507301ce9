import { randomUUID } from "node:crypto";
import {
  API,
  AppError,
  hotelidQuerySchema,
  ridQuerySchema,
  setPersonNumBodySchema,
  tableJoinBodySchema,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { BaseDeps } from "../../deps.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { Signer } from "../../security/signer.js";
import { requireVisitor } from "../../security/visitor.js";
import { openCart } from "../cart/carts.js";
import { operate } from "../cart/operate.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { getSeatedTable, getSignedTable, joinTable, listTables } from "./tables.js";

/** /cloud/api/v1/tables takes rid; the older table-list fetch passed hotelid (DECISIONS: both). */
const tablesQuerySchema = z.union([
  ridQuerySchema,
  hotelidQuerySchema.transform((q) => ({ rid: q.hotelid })),
]);

export function tableRoutes(app: FastifyInstance, deps: BaseDeps, signer: Signer): void {
  const { db } = deps;
  app.get(API.selectDesk, async (request) => {
    const { rid } = parse(ridQuerySchema, request.query);
    await getRestaurant(db, rid);
    const tableList = await listTables(db, rid);
    return ok({ tableList, count: tableList.length });
  });

  app.get(API.tables, async (request) => {
    const { rid } = parse(tablesQuerySchema, request.query);
    await getRestaurant(db, rid);
    const list = await listTables(db, rid);
    return { ...ok(list, 200), count: list.length };
  });

  app.post(API.tableJoin, async (request) => {
    const { rid } = parse(ridQuerySchema, request.query);
    const body = parse(tableJoinBodySchema, request.body);
    if (body.restaurantId !== rid) throw new AppError("badRequest", "rid 与 restaurantId 不一致");
    const guid = requireVisitor(signer, request, body.guid);
    await getRestaurant(db, rid);
    const table = await getSignedTable(db, signer, rid, body.tableId, body.sid);
    return ok(await joinTable(db, table, guid, body.accessType, deps.backplane));
  });

  app.post(API.setPersonNum, async (request) => {
    const query = parse(ridQuerySchema, request.query);
    const body = parse(setPersonNumBodySchema, { rid: query.rid, ...(request.body as object) });
    if (body.rid !== query.rid) throw new AppError("badRequest", "rid 不一致");
    const guid = requireVisitor(signer, request, body.guid);
    const restaurant = await getRestaurant(db, body.rid);
    const { table, visitId } = await getSeatedTable(db, body.rid, body.tableId, guid);
    const cart = await openCart(db, restaurant, table, visitId, guid);
    // The count goes through the cart: must-order dishes follow it, and tablemates hear type 30.
    await operate(deps, {
      cartId: cart.id,
      guid,
      opId: randomUUID(),
      op: { kind: "personNum", personNum: body.personNum },
      accessType: restaurant.fastHotel ? "virTable" : "realTable",
    });
    return { status: 0, ...ok({ personNum: body.personNum }, 200) };
  });
}
