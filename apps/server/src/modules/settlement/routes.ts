import {
  AppError,
  availableCouponsQuerySchema,
  billClaimRequestSchema,
  billPayRequestSchema,
  discountsQuerySchema,
  idempotencyKeySchema,
  MEMBER_API,
  PAY_API,
  payAttemptParamsSchema,
  payOrderParamsSchema,
  prepayRequestSchema,
  ridQuerySchema,
} from "@tablemate/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { Signer } from "../../security/signer.js";
import { requireVisitor } from "../../security/visitor.js";
import type { PaymentDeps } from "../payment/deps.js";
import { once } from "../payment/idempotency.js";
import { requery } from "../payment/reconcile.js";
import type { StartInput } from "../payment/start.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { claimBill, payBill, readBill } from "./bill.js";
import { availableCoupons, memberDiscounts } from "./member-plan.js";
import { startOrderPayment } from "./order-intent.js";
import { attemptView, payView } from "./present.js";

/** The diner app's return page when the caller names none. */
const DEFAULT_RETURN_PATH = "/pay/success";

function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers["idempotency-key"];
  if (typeof key !== "string") throw new AppError("badRequest", "缺少 Idempotency-Key");
  return parse(idempotencyKeySchema, key);
}

/** The diner's pay calls: an order group's payment, its member money, the /pay view, the bill. */
export function settlementRoutes(app: FastifyInstance, deps: PaymentDeps, signer: Signer): void {
  const { db } = deps;

  /** What starting a payment needs from the request: who, where the browser comes back, what is paid. */
  async function startInput(
    request: FastifyRequest,
    body: { rid: number; returnPath?: string },
    guid: string,
    what: string,
  ): Promise<StartInput> {
    const restaurant = await getRestaurant(db, body.rid);
    return {
      restaurantId: body.rid,
      guid,
      returnPath: body.returnPath ?? DEFAULT_RETURN_PATH,
      browserOrigin: `${request.protocol}://${request.host}`,
      clientIp: request.ip,
      description: `${restaurant.name} ${what}`,
    };
  }

  app.post(PAY_API.prepay, async (request) => {
    const guid = requireVisitor(signer, request);
    const body = parse(prepayRequestSchema, request.body);
    const key = idempotencyKey(request);
    const input = await startInput(request, body, guid, "点餐");
    const start = await once(db, `prepay:${guid}`, key, body, () =>
      startOrderPayment(deps, body.orderId, input, body),
    );
    return ok(start);
  });

  // member money at /pay (issue 19): the coupons the diner's card holds with their verdicts, and the
  // discount pipeline's answer for a choice
  app.get(MEMBER_API.availableCoupons, async (request) => {
    const guid = requireVisitor(signer, request);
    const { rid, orderId } = parse(availableCouponsQuerySchema, request.query);
    return ok(await availableCoupons(db, { restaurantId: rid, orderId, guid, now: deps.now() }));
  });

  app.get(MEMBER_API.discounts, async (request) => {
    const guid = requireVisitor(signer, request);
    const { rid, orderId, ...choice } = parse(discountsQuerySchema, request.query);
    return ok(await memberDiscounts(db, { restaurantId: rid, orderId, guid, choice, now: deps.now() }));
  });

  app.get(PAY_API.payOrder(":orderId"), async (request) => {
    const { orderId } = parse(payOrderParamsSchema, request.params);
    const { rid } = parse(ridQuerySchema, request.query);
    return ok(await payView(db, deps.providers, orderId, rid, requireVisitor(signer, request), deps.now()));
  });

  app.get(PAY_API.payAttempt(":tradeNo"), async (request) => {
    const { tradeNo } = parse(payAttemptParamsSchema, request.params);
    const { rid } = parse(ridQuerySchema, request.query);
    const guid = requireVisitor(signer, request);
    const seen = await attemptView(db, tradeNo, rid, guid);
    if (seen.status !== "pending") return ok(seen);
    // back from the provider before its notification: ask the provider (its word, never the browser's)
    try {
      await requery(deps, tradeNo);
    } catch (error) {
      request.log.warn({ err: error, tradeNo }, "provider query failed");
    }
    return ok(await attemptView(db, tradeNo, rid, guid));
  });

  const isTest = async (rid: number) => (await deps.providers.forRestaurant(rid)).test;

  app.get(PAY_API.bill, async (request) => {
    const { rid } = parse(ridQuerySchema, request.query);
    const guid = requireVisitor(signer, request);
    return ok(await readBill(db, rid, guid, deps.now(), await isTest(rid)));
  });

  app.post(PAY_API.billClaims, async (request) => {
    const body = parse(billClaimRequestSchema, request.body);
    const guid = requireVisitor(signer, request);
    return ok(await claimBill(deps, body.rid, guid, body.claims, await isTest(body.rid)));
  });

  app.post(PAY_API.billPay, async (request) => {
    const guid = requireVisitor(signer, request);
    const body = parse(billPayRequestSchema, request.body);
    const key = idempotencyKey(request);
    const input = await startInput(request, body, guid, "买单");
    const start = await once(db, `bill:${guid}`, key, body, () => payBill(deps, guid, input));
    return ok(start);
  });
}
