import {
  ApiError,
  buildUrl,
  createHttpClient,
  type FormBody,
  jsonBody,
  type Method,
  type Query,
} from "@tablemate/client";
import { envelopeSchema } from "@tablemate/core";
import type { z } from "zod";
import { COMMON_COPY } from "../copy/index.js";

export type { Query } from "@tablemate/client";
export { ApiError } from "@tablemate/client";

/**
 * The console's calls over the shared client (@tablemate/client): same-origin with the staff session's
 * cookie, JSON bodies, every answer's data parsed with its contract schema from core.
 */
const client = createHttpClient({ encodeBody: jsonBody });

export interface CallOptions {
  method?: Method;
  query?: Query;
  /** sent as JSON */
  body?: FormBody;
  /**
   * A 401 here is an answer, not an expired session (signing in with a wrong password, reading whether
   * a session exists): the session is not dropped for it.
   */
  expectUnauthorized?: boolean;
}

/** Told of every 401 a call gets (the session store: it signs out and the app shows the login page). */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** The path with the query's present values (a link the browser follows itself, as a download). */
export function withQuery(path: string, query: Query = {}): string {
  return buildUrl(path, query);
}

/**
 * The words a staff member reads for a failed call: the server's own for a refusal (core's ERRORS),
 * ours for no answer or an answer that is not the contract's.
 */
function shown(error: ApiError): ApiError {
  if (error.kind === "envelope" && error.message !== "") return error;
  const message =
    error.kind === "network" || error.kind === "timeout" || error.kind === "envelope"
      ? COMMON_COPY.network
      : COMMON_COPY.badAnswer;
  return new ApiError(error.kind, error.path, message, {
    code: error.code ?? undefined,
    status: error.status ?? undefined,
    data: error.data,
  });
}

/**
 * One call to the console's API: the envelope checked, then its data parsed with the contract's
 * schema, so a page only ever holds what the contract says. Every failure is an ApiError with words
 * to show; a 401 (unless expected) ends the session.
 */
export async function call<S extends z.ZodType>(
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<z.output<S>> {
  const { method = "GET", query, body, expectUnauthorized = false } = options;
  try {
    const answer = await client.request<z.output<S>>(method, path, { query, body, schema });
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401 && !expectUnauthorized) onUnauthorized();
      throw shown(error);
    }
    // the schema's own error: the answer is not the contract's
    throw new ApiError("parse", path, COMMON_COPY.badAnswer);
  }
}

/**
 * A file upload (multipart/form-data, which the shared client's text bodies do not carry): the same
 * envelope check, schema parse and failures as call().
 */
export async function upload<S extends z.ZodType>(
  path: string,
  schema: S,
  form: FormData,
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", credentials: "same-origin", body: form });
  } catch {
    throw new ApiError("network", path, COMMON_COPY.network);
  }
  if (response.status === 401) onUnauthorized();
  const json: unknown = await response.json().catch(() => null);
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success)
    throw new ApiError("parse", path, COMMON_COPY.badAnswer, { status: response.status });
  const { code, success, data, message } = envelope.data;
  if (!response.ok || !success) {
    const text = typeof message === "string" && message !== "" ? message : COMMON_COPY.network;
    throw new ApiError("envelope", path, text, { status: response.status, code });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError("parse", path, COMMON_COPY.badAnswer, { status: response.status });
  return parsed.data;
}
