import { AppError, type ErrorKey } from "@tablemate/core";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { drainBody } from "./drain.js";
import { refused } from "./envelope.js";

/** The framework's own refusals, by Fastify's error code: each is an entry of core's table. */
const FRAMEWORK_ERRORS: Partial<Record<string, ErrorKey>> = {
  FST_ERR_BAD_URL: "badUrl",
  FST_ERR_MAX_PARAM_LENGTH: "urlTooLong",
  FST_ERR_CTP_BODY_TOO_LARGE: "bodyTooLarge",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupportedMediaType",
  FST_ERR_CTP_EMPTY_JSON_BODY: "badJson",
  FST_ERR_CTP_INVALID_JSON_BODY: "badJson",
};

/** Any error as one of the table's: an AppError is itself; the framework's are looked up by code or status. */
export function asAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  const known = FRAMEWORK_ERRORS[code];
  if (known) return new AppError(known);
  const status = "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : 500;
  if (status === 429) return new AppError("tooFrequent");
  // any other refusal of input by the framework or a plugin (never a 500 for bad input)
  if (status >= 400 && status < 500) return new AppError("badRequest");
  return new AppError("internal");
}

/**
 * Sends the envelope `{ code, success: false, data, message }` with the table's status. An error that
 * is not a refusal is logged (a thrower of a 5xx AppError logs its cause itself).
 */
export async function sendError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const known = asAppError(error);
  if (known.status >= 500 && !(error instanceof AppError))
    request.log.error({ err: error }, "unhandled error");
  // a body too large is still arriving: read it away first, or the closing connection resets it
  if (known.key === "bodyTooLarge") await drainBody(request.raw);
  return reply.status(known.status).send(refused(known));
}

/**
 * Bad input and failures answer with an envelope and a status, never a stack trace nor Fastify's own
 * error object. Errors before routing (a bad URL) come through Fastify's `frameworkErrors` option,
 * which buildApp points at `sendError` too.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}
