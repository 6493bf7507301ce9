import {
  API,
  AppError,
  callWaiterBodySchema,
  type OrderPayload,
  offersCallWaiter,
  orderDetailQuerySchema,
  orderIdParamSchema,
  orderPayloadSchema,
  ridQuerySchema,
  submitBodySchema,
} from "@tablemate/core";
import { and, eq, gt } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { waiterCalls } from "../../db/schema.js";
import type { RefundingDeps } from "../../deps.js";
import { ok } from "../../http/envelope.js";
import { checkText, parse } from "../../http/parse.js";
import { limitKey } from "../../http/rate-limits.js";
import { publishStaff } from "../../realtime/staff-topics.js";
import { requireVisitor } from "../../security/visitor.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { getSeatedTable } from "../table/tables.js";
import { cancelOrder, orderDetail, orderList } from "./orders.js";
import { type SubmitDeps, submitOrder } from "./submit.js";

const WAITER_COOLDOWN_MS = 60_000;

/** The order JSON of the submit's `data` text: 1007 naming the bad fields when it is not one; 400 for bad text. */
function orderPayload(data: string): OrderPayload {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new AppError("orderInfoMissing");
  }
  const payload = orderPayloadSchema.safeParse(json);
  if (!payload.success) {
    const fields = payload.error.issues.map((i) => i.path.join(".")).join("、");
    throw new AppError("orderInfoMissing", `订单信息缺失（${fields}）`);
  }
  checkText(payload.data);
  return payload.data;
}

export function orderRoutes(app: FastifyInstance, deps: SubmitDeps & RefundingDeps): void {
  const { db } = deps;
  const visitorGuid = (request: FastifyRequest) => requireVisitor(deps.signer, request);
  /** 8001 for one diner submitting too often; tablemates behind one router each have their own allowance */
  const SUBMIT_RATE = {
    max: 10,
    timeWindow: "10 seconds",
    keyGenerator: (request: FastifyRequest) => limitKey(deps.signer, request),
  };

  app.post(API.orderSubmit, { config: { rateLimit: SUBMIT_RATE } }, async (request) => {
    const guid = visitorGuid(request);
    const body = parse(submitBodySchema, request.body);
    const payload = orderPayload(body.data);
    try {
      const { result, token } = await submitOrder(deps, payload, guid);
      return { ...ok(result), token };
    } catch (error) {
      if (error instanceof AppError) throw error;
      request.log.error({ err: error }, "submit failed");
      throw new AppError("submitFailed");
    }
  });

  app.get(`${API.orderDetail}/:orderId`, async (request) => {
    const { orderId } = parse(orderIdParamSchema, request.params);
    const { rid } = parse(orderDetailQuerySchema, request.query);
    return ok(await orderDetail(db, orderId, rid, visitorGuid(request), deps.now()), 200);
  });

  app.get(API.orderList, async (request) => {
    const { rid } = parse(ridQuerySchema, request.query);
    await getRestaurant(db, rid);
    return ok(await orderList(db, rid, visitorGuid(request)), 200);
  });

  app.post(API.orderCancel(":orderId"), async (request) => {
    const { orderId } = parse(orderIdParamSchema, request.params);
    const { rid } = parse(ridQuerySchema, { ...(request.query as object), ...(request.body as object) });
    await cancelOrder(deps, orderId, rid, visitorGuid(request));
    return ok({ orderId });
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
      const [call] = await db
        .insert(waiterCalls)
        .values({
          restaurantId: body.rid,
          tableId: table.id,
          kind,
          model: body.model ?? "",
          guid,
          createdAt: deps.now(),
        })
        .returning();
      if (call) {
        const at = call.createdAt.toISOString();
        const news = { type: "waiterCall", callId: call.id, tableId: table.id, kind, at } as const;
        await publishStaff(deps.backplane, body.rid, "floor", news);
      }
    }
    return ok({ tableNo: table.id }, 200, "已通知服务员，请稍候");
  };
  app.post(API.callWaiter, callWaiter("call"));
  app.post(API.prepayNotify, callWaiter("prepay"));
}
