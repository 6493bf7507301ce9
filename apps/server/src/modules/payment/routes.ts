import { PAY_API, PAY_PROVIDERS, ridQuerySchema } from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parse } from "../../http/parse.js";
import type { PaymentDeps } from "./deps.js";
import { receiveNotification } from "./notify.js";

const notifyParamsSchema = z.object({ provider: z.enum(PAY_PROVIDERS) });

/** The providers' notification route (the diner's pay calls are settlement/routes.ts). */
export function paymentRoutes(app: FastifyInstance, deps: PaymentDeps): void {
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
