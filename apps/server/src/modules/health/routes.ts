import { API } from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.js";

/** Answers 200 while the database answers, 503 otherwise. */
export function healthRoutes(app: FastifyInstance, database: Database): void {
  app.get(API.healthz, async (_request, reply) => {
    try {
      await database.ping();
      return { status: "ok", database: database.kind };
    } catch {
      return reply.status(503).send({ status: "unavailable", database: database.kind });
    }
  });
}
