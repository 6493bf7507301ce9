import type { Envelope } from "@tablemate/core";

/**
 * The typed HTTP client over core's contract, for both apps: the envelope (spec 001 §7), a timeout,
 * the token header, form or JSON bodies, and a hook that watches each call (the diner's slow-network
 * toast). Each app makes its client once with what differs between them (createHttpClient).
 */

/** Spec 000 §7, §9: every request gives up after 20 seconds. */
export const HTTP_TIMEOUT_MS = 20_000;

/**
 * The envelope as the client receives it. `message` is usually text, but some calls carry a payload
 * there (GET /user/getUserInfo puts the user in it), so it stays unknown until a caller narrows it.
 */
export type WireEnvelope<T> = Omit<Envelope<T>, "message"> & { message: unknown };

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;
export type FormBody = Record<string, unknown>;
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiErrorKind = "network" | "timeout" | "http" | "parse" | "envelope";

/**
 * Any failed call: no answer, too slow, not an envelope, or an envelope that says it failed (its code
 * and data kept: some refusals carry what the page acts on, as the submit's 2000 its short dishes).
 */
export class ApiError extends Error {
  // declared, not defined: the constructor sets them (no class fields in the diner's first screen)
  declare readonly kind: ApiErrorKind;
  declare readonly path: string;
  /** the envelope's code, when the server answered with one */
  declare readonly code: number | null;
  /** the HTTP status, when there was a response */
  declare readonly status: number | null;
  /** a refusal's data (kind "envelope") */
  declare readonly data: unknown;

  constructor(
    kind: ApiErrorKind,
    path: string,
    message: string,
    details: { code?: number; status?: number; data?: unknown } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.path = path;
    this.code = details.code ?? null;
    this.status = details.status ?? null;
    this.data = details.data;
  }
}

/**
 * A response schema: core's zod schemas are ones. Given to a call, it parses the answer's data at
 * runtime (the console does); the diner app passes none, so no zod reaches its bundle. Data that does
 * not match throws the schema's own error (zod's ZodError), not an ApiError: the contract is broken,
 * which is not a refusal (and checking for it here would cost the diner's first screen).
 */
export interface Schema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T = unknown> {
  query?: Query;
  /** sent as the client's encoder says (form-encoded unless the client was made with jsonBody) */
  body?: FormBody;
  timeoutMs?: number;
  /** parse the answer's data with it (get and post then answer the parsed data) */
  schema?: Schema<T>;
  /** this call's own headers (a create-payment call's Idempotency-Key) */
  headers?: Record<string, string>;
  /** this call's body encoding, when not the client's (the diner's pay calls send JSON) */
  encodeBody?: BodyEncoder;
  /** outlives the page (a batch sent as the page is hidden or left) */
  keepalive?: boolean;
}

export interface HttpClientOptions {
  /** the `token` header's value, read at each call (the diner's login token); empty: no header */
  token?: () => string | null;
  /** told when a call starts, with its path; the function it answers is called when the call settles */
  watch?: (path: string) => () => void;
  /** how bodies travel: formBody (the spec's calls; the default) or jsonBody (json-body.ts) */
  encodeBody?: BodyEncoder;
  /** told of every call the server answered with a refusal (an envelope or an HTTP error), before it rejects */
  onRefused?: (error: ApiError) => void;
}

/** A body's content type and text. */
export type BodyEncoder = (body: FormBody) => [contentType: string, text: string];

/** The path with the query's present values appended (after any query the path already has). */
export function buildUrl(path: string, query: Query = {}): string {
  // a query's values are never objects, so form encoding writes each as its text
  const search = formEncode(query);
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

/** Form encoding, as the spec's calls take their bodies (the diner's client). */
export const formBody: BodyEncoder = (body) => [
  "application/x-www-form-urlencoded;charset=UTF-8",
  formEncode(body),
];

/** The envelope's shape, checked by hand: a zod schema here would put zod on the diner's first screen. */
function isEnvelope(value: unknown): value is WireEnvelope<unknown> {
  // a value with a numeric code is an object (no primitive has one), so `in` may look into it
  const envelope = value as Partial<WireEnvelope<unknown>> | null;
  return (
    typeof envelope?.code === "number" &&
    typeof envelope.success === "boolean" &&
    "data" in envelope &&
    "message" in envelope
  );
}

function parseEnvelope<T>(path: string, status: number, text: string, schema?: Schema<T>): WireEnvelope<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: below, the same refusal as any other body that is not an envelope
  }
  if (!isEnvelope(json)) {
    throw new ApiError(status >= 400 ? "http" : "parse", path, `HTTP ${status}`, { status });
  }
  if (!json.success) {
    const message = typeof json.message === "string" ? json.message : "";
    throw new ApiError("envelope", path, message, { code: json.code, status, data: json.data });
  }
  // a mismatch throws the schema's own error (zod's ZodError): a contract broken, not a refusal;
  // without a schema, the server's presenters are trusted to send the contract's shape (the server's
  // contract test checks they do)
  if (schema) json.data = schema.parse(json.data);
  return json as WireEnvelope<T>;
}

export function createHttpClient(options: HttpClientOptions = {}) {
  const encodeBody = options.encodeBody ?? formBody;

  /** One call: resolves with a successful envelope (its data parsed when a schema is given), rejects with an ApiError. */
  async function request<T>(
    method: Method,
    path: string,
    call: RequestOptions<T> = {},
  ): Promise<WireEnvelope<T>> {
    const controller = new AbortController();
    const headers: Record<string, string> = { ...call.headers, Accept: "application/json" };
    const token = options.token?.();
    if (token) headers.token = token;
    const init: RequestInit = { method, headers, credentials: "include", signal: controller.signal };
    if (call.keepalive) init.keepalive = true;
    if (method !== "GET" && call.body)
      [headers["Content-Type"], init.body] = (call.encodeBody ?? encodeBody)(call.body);

    const timer = setTimeout(() => controller.abort(), call.timeoutMs ?? HTTP_TIMEOUT_MS);
    const stopWatching = options.watch?.(path);

    let status: number;
    let text: string;
    try {
      const response = await fetch(buildUrl(path, call.query), init);
      status = response.status;
      // the body is read inside the timeout too: a stalled body is as slow as a stalled answer
      text = await response.text();
    } catch (error) {
      // only the timer aborts
      if (controller.signal.aborted) throw new ApiError("timeout", path, "timeout");
      throw new ApiError("network", path, error instanceof Error ? error.message : "network error");
    } finally {
      clearTimeout(timer);
      stopWatching?.();
    }
    try {
      return parseEnvelope<T>(path, status, text, call.schema);
    } catch (error) {
      if (error instanceof ApiError) options.onRefused?.(error);
      throw error;
    }
  }

  // get and post answer the data, request the whole envelope (a code or message some calls carry);
  // other methods (PUT, PATCH, DELETE) go through request: every line here is in the diner's first screen
  return {
    request,
    get: async <T>(path: string, query?: Query, call?: Omit<RequestOptions<T>, "query">): Promise<T> =>
      (await request<T>("GET", path, { ...call, query })).data,
    post: async <T>(path: string, body?: FormBody, call?: Omit<RequestOptions<T>, "body">): Promise<T> =>
      (await request<T>("POST", path, { ...call, body })).data,
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
