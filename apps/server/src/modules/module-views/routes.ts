import { MODULE_VIEW_API, moduleViewsBodySchema, moduleViewsQuerySchema } from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { Signer } from "../../security/signer.js";
import { requireVisitor } from "../../security/visitor.js";
import { recordModuleViews } from "./record.js";

/** The menu's module views (001 §9): a visitor's batch of what they had on screen. */
export function moduleViewRoutes(app: FastifyInstance, db: Db, signer: Signer, now: () => Date): void {
  app.post(MODULE_VIEW_API.moduleViews, async (request) => {
    const { rid } = parse(moduleViewsQuerySchema, request.query);
    const body = parse(moduleViewsBodySchema, request.body);
    const guid = requireVisitor(signer, request, body.guid);
    const recorded = await recordModuleViews(db, {
      restaurantId: rid,
      guid,
      modules: body.modules,
      now: now(),
    });
    return ok({ recorded }, 200);
  });
}
