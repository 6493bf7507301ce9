import type { Envelope } from "@tablemate/core";
import { watchCall } from "./slow-network.js";

/** Spec 000 §7, §9: every request gives up after 20 seconds. */
export const HTTP_TIMEOUT_MS = 20_000;

/** Where the login token lives between visits (spec 001 §6). */
export const TOKEN_STORAGE_KEY = "token";

/**
 * The envelope as the client receives it. `message` is usually text, but some calls carry a payload
 * there (GET /user/getUserInfo puts the user in it), so it stays unknown until a caller narrows it.
 */
export type WireEnvelope<T> = Omit<Envelope<T>, "message"> & { message: unknown };

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;
export type FormBody = Record<string, unknown>;

export type ApiErrorKind = "network" | "timeout" | "http" | "parse" | "envelope";

/** Any failed call: no answer, too slow, not an envelope, or an envelope that says it failed. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly path: string;
  /** the envelope's code, when the server answered with one */
  readonly code: number | null;
  /** the HTTP status, when there was a response */
  readonly status: number | null;

  constructor(
    kind: ApiErrorKind,
    path: string,
    message: string,
    details: { code?: number; status?: number } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.path = path;
    this.code = details.code ?? null;
    this.status = details.status ?? null;
  }
}

export interface RequestOptions {
  query?: Query;
  /** form-encoded for POST and PUT */
  body?: FormBody;
  timeoutMs?: number;
}

export function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === "") return path;
  return `${path}${path.includes("?") ? "&" : "?"}${search}`;
}

/** Form encoding; nested objects and arrays travel as JSON text, as the spec's submit payloads do. */
export function formEncode(body: FormBody): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    params.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return params.toString();
}

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // storage can be disabled (private mode); the call then goes without a token
    return null;
  }
}

/** The envelope's shape, checked by hand: core's zod schema would put zod on the diner's first screen. */
function isEnvelope(value: unknown): value is WireEnvelope<unknown> {
  if (typeof value !== "object" || value === null) return false;
  return (
    "code" in value &&
    typeof value.code === "number" &&
    "success" in value &&
    typeof value.success === "boolean" &&
    "data" in value &&
    "message" in value
  );
}

function parseEnvelope<T>(path: string, status: number, text: string): WireEnvelope<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(status >= 400 ? "http" : "parse", path, `HTTP ${status}`, { status });
  }
  if (!isEnvelope(json)) {
    throw new ApiError(status >= 400 ? "http" : "parse", path, `HTTP ${status}`, { status });
  }
  const envelope = json;
  if (!envelope.success) {
    const message = typeof envelope.message === "string" ? envelope.message : "";
    throw new ApiError("envelope", path, message, { code: envelope.code, status });
  }
  // core describes response payloads as interfaces, not schemas: beyond the envelope, the server's
  // presenters are trusted to send the declared shape.
  return envelope as WireEnvelope<T>;
}

/** One call: resolves with a successful envelope, rejects with an ApiError. */
export async function request<T>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  options: RequestOptions = {},
): Promise<WireEnvelope<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = readToken();
  if (token) headers.token = token;
  const init: RequestInit = { method, headers, credentials: "include" };
  if ((method === "POST" || method === "PUT") && options.body) {
    headers["Content-Type"] = "application/x-www-form-urlencoded;charset=UTF-8";
    init.body = formEncode(options.body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  init.signal = controller.signal;
  const stopWatching = watchCall(path);

  try {
    const response = await fetch(buildUrl(path, options.query), init);
    // the body is read inside the timeout too: a stalled body is as slow as a stalled answer
    const text = await response.text();
    return parseEnvelope<T>(path, response.status, text);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError("timeout", path, "timeout");
    throw new ApiError("network", path, error instanceof Error ? error.message : "network error");
  } finally {
    clearTimeout(timer);
    stopWatching();
  }
}

export const http = {
  get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, "query">) =>
    request<T>("GET", path, { ...options, query }),
  post: <T>(path: string, body?: FormBody, options?: Omit<RequestOptions, "body">) =>
    request<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: FormBody, options?: Omit<RequestOptions, "body">) =>
    request<T>("PUT", path, { ...options, body }),
};
