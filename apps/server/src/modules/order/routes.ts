import {
  API,
  AppError,
  callWaiterBodySchema,
  offersCallWaiter,
  orderDetailQuerySchema,
  orderIdParamSchema,
  orderPayloadSchema,
  ridQuerySchema,
  SUBMIT_CODES,
  submitBodySchema,
} from "@tablemate/core";
import { and, eq, gt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { waiterCalls } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import { limitKey } from "../../http/rate-limits.js";
import { requireVisitor } from "../../security/visitor.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { getSeatedTable } from "../table/tables.js";
import { CancelRefused, cancelOrder, orderDetail, orderList } from "./orders.js";
import { type SubmitDeps, SubmitRefused, submitOrder } from "./submit.js";

/** How a refusal's code travels as an HTTP status: the body's code is what the app reads. */
const STATUS_OF: Record<number, number> = {
  [SUBMIT_CODES.invalid]: 403,
  [SUBMIT_CODES.restaurantNotFound]: 404,
  [SUBMIT_CODES.infoMissing]: 422,
  [SUBMIT_CODES.serverMessage]: 422,
  [SUBMIT_CODES.shopClosed]: 503,
  [SUBMIT_CODES.posOffline]: 503,
};

const WAITER_COOLDOWN_MS = 60_000;

function refused(reply: FastifyReply, code: number, message: string, data: unknown = null) {
  return reply.status(STATUS_OF[code] ?? 409).send({ code, success: false, data, message });
}

export function orderRoutes(app: FastifyInstance, deps: SubmitDeps): void {
  const { db } = deps;
  const visitorGuid = (request: FastifyRequest) => requireVisitor(deps.signer, request);
  /** 8001 for one diner submitting too often; tablemates behind one router each have their own allowance */
  const SUBMIT_RATE = {
    max: 10,
    timeWindow: "10 seconds",
    keyGenerator: (request: FastifyRequest) => limitKey(deps.signer, request),
  };

  app.post(API.orderSubmit, { config: { rateLimit: SUBMIT_RATE } }, async (request, reply) => {
    const guid = visitorGuid(request);
    const body = parse(submitBodySchema, request.body);
    let json: unknown;
    try {
      json = JSON.parse(body.data);
    } catch {
      return refused(reply, SUBMIT_CODES.infoMissing, "订单信息缺失");
    }
    const payload = orderPayloadSchema.safeParse(json);
    if (!payload.success) {
      const fields = payload.error.issues.map((i) => i.path.join(".")).join("、");
      return refused(reply, SUBMIT_CODES.infoMissing, `订单信息缺失（${fields}）`);
    }
    try {
      const { result, token } = await submitOrder(deps, payload.data, guid);
      return { ...ok(result), token };
    } catch (error) {
      if (error instanceof SubmitRefused) return refused(reply, error.code, error.message, error.data);
      request.log.error({ err: error }, "submit failed");
      return reply
        .status(500)
        .send({ code: SUBMIT_CODES.failed, success: false, data: null, message: "订单提交失败" });
    }
  });

  app.get(`${API.orderDetail}/:orderId`, async (request) => {
    const { orderId } = parse(orderIdParamSchema, request.params);
    const { rid } = parse(orderDetailQuerySchema, request.query);
    return ok(await orderDetail(db, orderId, rid, visitorGuid(request)), 200);
  });

  app.get(API.orderList, async (request) => {
    const { rid } = parse(ridQuerySchema, request.query);
    await getRestaurant(db, rid);
    return ok(await orderList(db, rid, visitorGuid(request)), 200);
  });

  app.post(API.orderCancel(":orderId"), async (request, reply) => {
    const { orderId } = parse(orderIdParamSchema, request.params);
    const { rid } = parse(ridQuerySchema, { ...(request.query as object), ...(request.body as object) });
    try {
      await cancelOrder(deps, orderId, rid, visitorGuid(request));
      return ok({ orderId });
    } catch (error) {
      if (error instanceof CancelRefused) return refused(reply, error.code, error.message);
      throw error;
    }
  });

  /** Both waiter calls reach the staff console; a repeat within the cooldown is one call. */
  const callWaiter = (kind: "call" | "prepay") => async (request: FastifyRequest) => {
    const body = parse(callWaiterBodySchema, request.body);
    const guid = visitorGuid(request);
    if (!offersCallWaiter(await getRestaurant(db, body.rid))) throw new AppError("featureOff");
    const { table } = await getSeatedTable(db, body.rid, body.tableNo, guid);
    const since = new Date(deps.now().getTime() - WAITER_COOLDOWN_MS);
    const [recent] = await db
      .select({ id: waiterCalls.id })
      .from(waiterCalls)
      .where(
        and(eq(waiterCalls.tableId, table.id), eq(waiterCalls.kind, kind), gt(waiterCalls.createdAt, since)),
      );
    if (!recent) {
      await db.insert(waiterCalls).values({
        restaurantId: body.rid,
        tableId: table.id,
        kind,
        model: body.model ?? "",
        guid,
        createdAt: deps.now(),
      });
    }
    return ok({ tableNo: table.id }, 200, "已通知服务员，请稍候");
  };
  app.post(API.callWaiter, callWaiter("call"));
  app.post(API.prepayNotify, callWaiter("prepay"));
}
