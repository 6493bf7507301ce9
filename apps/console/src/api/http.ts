import { ApiError, buildUrl, createHttpClient, type FormBody, jsonBody, type Query } from "@tablemate/client";
import type { z } from "zod";
import { COMMON_COPY } from "../copy/index.js";

/*
 * The console's calls go through the client both apps share (@tablemate/client): JSON bodies, the
 * staff session's cookie, every answer's data parsed with the contract's zod schema. What is the
 * console's own: a 401 signs the session out, and a failure reads as the staff should see it.
 */

export { ApiError, type ApiErrorKind, HTTP_TIMEOUT_MS, type Query } from "@tablemate/client";

export interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Query;
  /** sent as JSON */
  body?: unknown;
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

/** The fetch calls go through; tests swap it for a fake. */
let fetchImpl: typeof fetch = (...args) => fetch(...args);
export function setFetch(impl: typeof fetch): void {
  fetchImpl = impl;
}

const http = createHttpClient({ encodeBody: jsonBody, fetch: () => fetchImpl });

/** The path with the query's present values. */
export const withQuery = buildUrl;

/**
 * A failed call as the staff read it: a refusal keeps the server's words (core's ERRORS table); no
 * answer, a slow one, or one that is not the contract's (not an envelope, or data its schema refuses)
 * says so in the console's words. Kinds are the client's: "envelope" for a refusal.
 */
function asSeen(error: unknown, path: string): ApiError {
  if (!(error instanceof ApiError)) return new ApiError("parse", path, COMMON_COPY.badAnswer);
  const details = { code: error.code ?? undefined, status: error.status ?? undefined, data: error.data };
  if (error.kind === "envelope")
    return error.message === "" ? new ApiError("envelope", path, COMMON_COPY.network, details) : error;
  const unreadable = error.kind === "http" || error.kind === "parse";
  return new ApiError(error.kind, path, unreadable ? COMMON_COPY.badAnswer : COMMON_COPY.network, details);
}

/**
 * One call to the console's API (same origin, the staff session's cookie): the envelope checked, then
 * its data parsed with the contract's schema, so a page only ever holds what the contract says.
 */
export async function call<S extends z.ZodType>(
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<z.output<S>> {
  const { method = "GET", query, body, expectUnauthorized = false } = options;
  try {
    const envelope = await http.request(method, path, { query, body: body as FormBody | undefined, schema });
    return envelope.data as z.output<S>;
  } catch (error) {
    const seen = asSeen(error, path);
    if (seen.status === 401 && !expectUnauthorized) onUnauthorized();
    throw seen;
  }
}
