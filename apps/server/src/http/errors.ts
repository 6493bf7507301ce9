import { AppError, ERRORS } from "@tablemate/core";
import type { FastifyError, FastifyInstance } from "fastify";

/** Bad input and failures answer with an envelope and a status, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ code: error.code, success: false, data: null, message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      const { code, message } = ERRORS.tooFrequent;
      return reply.status(429).send({ code, success: false, data: null, message });
    }
    if (status >= 400 && status < 500) {
      const { code, message } = ERRORS.badRequest;
      return reply.status(status).send({ code, success: false, data: null, message });
    }
    request.log.error({ err: error }, "unhandled error");
    const { code, message } = ERRORS.internal;
    return reply.status(500).send({ code, success: false, data: null, message });
  });
}
