import {
  AppError,
  availableCouponsQuerySchema,
  billClaimRequestSchema,
  billPayRequestSchema,
  discountsQuerySchema,
  idempotencyKeySchema,
  MEMBER_API,
  PAY_API,
  PAY_PROVIDERS,
  payAttemptParamsSchema,
  payOrderParamsSchema,
  prepayRequestSchema,
  ridQuerySchema,
} from "@tablemate/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { Signer } from "../../security/signer.js";
import { requireVisitor } from "../../security/visitor.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import { claimBill, payBill, readBill } from "./bill.js";
import type { PaymentDeps } from "./deps.js";
import { once } from "./idempotency.js";
import { availableCoupons, memberDiscounts } from "./member-plan.js";
import { receiveNotification } from "./notify.js";
import { attemptView, payView } from "./present.js";
import { requery } from "./reconcile.js";
import { type StartInput, startOrderPayment } from "./start.js";

/** The diner app's return page when the caller names none. */
const DEFAULT_RETURN_PATH = "/pay/success";
const notifyParamsSchema = z.object({ provider: z.enum(PAY_PROVIDERS) });

function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers["idempotency-key"];
  if (typeof key !== "string") throw new AppError("badRequest", "缺少 Idempotency-Key");
  return parse(idempotencyKeySchema, key);
}

/** The diner's pay calls and the providers' notification route. */
export function paymentRoutes(app: FastifyInstance, deps: PaymentDeps, signer: Signer): void {
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

  // notifications: the raw body as it arrived (signatures are over its bytes), whatever its type
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post(PAY_API.payNotify(":provider"), async (request, reply) => {
      const { provider } = parse(notifyParamsSchema, request.params);
      const { rid } = parse(ridQuerySchema, request.query);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
      }
      const answer = await receiveNotification(deps, provider, rid, { body, headers });
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    });
  });
}
