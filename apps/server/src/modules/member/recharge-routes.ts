import {
  MEMBER_API,
  MEMBER_FAMILIES,
  type MemberFamily,
  memberPaths,
  memberRidQuerySchema,
  payAttemptParamsSchema,
  rechargePrepayBodySchema,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { Signer } from "../../security/signer.js";
import { requireVisitor } from "../../security/visitor.js";
import type { PaymentDeps } from "../payment/deps.js";
import { once } from "../payment/idempotency.js";
import { checkPaySign } from "./pay-sign.js";
import { rechargeRulesView, rechargeView, startRecharge } from "./recharge.js";
import { requireMemberLogin } from "./recharge-login.js";

/** Recharging stored value (001 §7): the rules of both families, recharge-prepay, a recharge's result. */
export function rechargeRoutes(app: FastifyInstance, deps: PaymentDeps, signer: Signer): void {
  const { db } = deps;

  for (const family of Object.keys(MEMBER_FAMILIES) as MemberFamily[]) {
    app.get(memberPaths(family).rechargeRules, async (request) => {
      const { rid } = parse(memberRidQuerySchema, request.query);
      return ok(await rechargeRulesView(db, rid));
    });
  }

  app.post(MEMBER_API.rechargePrepay, async (request) => {
    const guid = requireVisitor(signer, request);
    const body = parse(rechargePrepayBodySchema, request.body);
    const login = await requireMemberLogin(db, request, guid, body.rid, deps.now());
    const paySign = checkPaySign(request.headers.paysign, body, login.tokenHash, deps.now());
    // the same signed request again answers the first answer; while the first runs, 4602
    const start = await once(db, `recharge:${login.memberId}`, paySign, body, () =>
      startRecharge(deps, {
        restaurantId: body.rid,
        memberId: login.memberId,
        guid,
        cardId: body.cardId,
        rechargeCents: body.rechargeMoney,
        ruleId: body.ruleId,
        paySign,
        returnPath: body.returnPath,
        browserOrigin: `${request.protocol}://${request.host}`,
        clientIp: request.ip,
      }),
    );
    return ok(start);
  });

  app.get(MEMBER_API.recharge(":tradeNo"), async (request) => {
    const { tradeNo } = parse(payAttemptParamsSchema, request.params);
    const { rid } = parse(memberRidQuerySchema, request.query);
    const guid = requireVisitor(signer, request);
    const login = await requireMemberLogin(db, request, guid, rid, deps.now());
    return ok(await rechargeView(deps, tradeNo, rid, login.memberId));
  });
}
