import { envelopeSchema } from "@tablemate/core";
import type { z } from "zod";
import { COMMON_COPY } from "../copy/index.js";

/** Every call gives up after 20 seconds, as the diner app's do. */
export const HTTP_TIMEOUT_MS = 20_000;

export type ApiErrorKind = "network" | "timeout" | "http" | "parse";

/**
 * A failed call: no answer, too slow, an answer that is no envelope or does not match the contract's
 * schema, or an envelope that refuses (its code and message are the server's, core's ERRORS table).
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** the HTTP status, when there was an answer */
  readonly status: number | null;
  /** the envelope's code, when the server answered with one */
  readonly code: number | null;

  constructor(kind: ApiErrorKind, message: string, details: { status?: number; code?: number } = {}) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.status = details.status ?? null;
    this.code = details.code ?? null;
  }
}

export type Query = Record<string, string | number | undefined>;

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

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search === "" ? path : `${path}?${search}`;
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
  let response: Response;
  try {
    response = await fetchImpl(withQuery(path, query), {
      method,
      credentials: "same-origin",
      headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new ApiError(timedOut ? "timeout" : "network", COMMON_COPY.network);
  }
  if (response.status === 401 && !expectUnauthorized) onUnauthorized();
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError("parse", COMMON_COPY.badAnswer, { status: response.status });
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) throw new ApiError("parse", COMMON_COPY.badAnswer, { status: response.status });
  const { code, success, data, message } = envelope.data;
  if (!response.ok || !success) {
    const text = typeof message === "string" && message !== "" ? message : COMMON_COPY.network;
    throw new ApiError("http", text, { status: response.status, code });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError("parse", COMMON_COPY.badAnswer, { status: response.status, code });
  return parsed.data;
}
