import {
  MEMBER_API,
  MEMBER_TOKEN_HEADER,
  memberRidQuerySchema,
  payAttemptParamsSchema,
  rechargePrepayBodySchema,
} from "@tablemate/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { Signer } from "../../security/signer.js";
import type { PaymentDeps } from "../payment/deps.js";
import { once } from "../payment/idempotency.js";
import { checkPaySign } from "./pay-sign.js";
import { rechargeView, startRecharge } from "./recharge.js";
import { memberTokenHash, requireMember } from "./session.js";

/** Recharging stored value (001 §7): recharge-prepay, and a recharge by its trade (the rules are routes.ts's). */
export function rechargeRoutes(app: FastifyInstance, deps: PaymentDeps, signer: Signer): void {
  const { db } = deps;
  const auth = { db, signer, now: deps.now };

  /** The logged-in member (1990, 1991), and their token's SHA-256 hex: paySign's key. */
  async function memberAt(request: FastifyRequest, rid: number) {
    const member = await requireMember(auth, request, rid);
    return { member, tokenHash: memberTokenHash(String(request.headers[MEMBER_TOKEN_HEADER])) };
  }

  app.post(MEMBER_API.rechargePrepay, async (request) => {
    const body = parse(rechargePrepayBodySchema, request.body);
    const { member, tokenHash } = await memberAt(request, body.rid);
    const paySign = checkPaySign(request.headers.paysign, body, tokenHash, deps.now());
    // the same signed request again answers the first answer; while the first runs, 4602
    const start = await once(db, `recharge:${member.memberId}`, paySign, body, () =>
      startRecharge(deps, {
        member,
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
    const { member } = await memberAt(request, rid);
    return ok(await rechargeView(deps, tradeNo, rid, member.memberId));
  });
}
