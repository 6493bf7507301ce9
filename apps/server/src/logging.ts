import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";
import type { Config } from "./config.js";

type LogConfig = Pick<Config, "LOG_LEVEL" | "LOG_FORMAT" | "NODE_ENV">;

/** JSON lines for machines (NODE_ENV=production, or LOG_FORMAT=json); else one readable line per entry. */
export function logFormat(config: LogConfig): "json" | "pretty" {
  return config.LOG_FORMAT ?? (config.NODE_ENV === "production" ? "json" : "pretty");
}

/** A stream pino writes its JSON lines to; each comes out as one readable line on `out`. */
interface LineSink {
  write(text: string): unknown;
}

/** The server's logger: pino at LOG_LEVEL, its lines as JSON or readable (see logFormat). */
export function loggerOptions(
  config: LogConfig,
  out: LineSink = process.stdout,
): FastifyServerOptions["logger"] {
  if (config.LOG_LEVEL === "silent") return false;
  if (logFormat(config) === "json") return { level: config.LOG_LEVEL };
  return { level: config.LOG_LEVEL, stream: { write: (line: string) => out.write(readableLine(line)) } };
}

/**
 * One line per request, when it is answered (Fastify's own are two, at arrival and at the answer):
 * `GET /cloud/api/… 200 3ms` when readable; at error level, with the error, when the answer failed.
 * Fastify's other lines (its error handler's, a broken stream's) stay as they are.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  /** the request's own line says 404 */
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, REQUEST_MESSAGE);
    else reply.log.info(line, REQUEST_MESSAGE);
  }
}

/** A query parameter whose value is a credential: a token, a secret, a password, a signature. */
const SECRET_PARAM = /token|secret|password|passwd|^pin$|sign$|^key$|api[-_]?key/i;
const REDACTED = "[redacted]";

/**
 * The request's path and query as the log keeps it: every credential's value replaced (no token
 * belongs in a URL, and none that arrives in one is written down). The rest is kept as it came.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark < 0) return url;
  const kept = url
    .slice(mark + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // not percent-encoding: judged as it is
      }
      return equals >= 0 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, mark)}?${kept.join("&")}`;
}

const REQUEST_MESSAGE = "request";
const LEVELS: Record<number, string> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};
/** pino's own fields, which a readable line shows in its own way or leaves out */
const OWN_FIELDS = new Set(["level", "time", "pid", "hostname", "msg", "reqId", "err"]);

const clock = (time: unknown) =>
  typeof time === "number" ? new Date(time).toTimeString().slice(0, 8) : "--:--:--";

/** `key=value` for each further field; strings without spaces as they are, anything else as JSON. */
function fields(entry: Record<string, unknown>, skip: ReadonlySet<string>): string {
  return Object.entries(entry)
    .filter(([key]) => !OWN_FIELDS.has(key) && !skip.has(key))
    .map(
      ([key, value]) =>
        `${key}=${typeof value === "string" && !/\s/.test(value) ? value : JSON.stringify(value)}`,
    )
    .join(" ");
}

const REQUEST_FIELDS = new Set(["method", "url", "statusCode", "ms"]);

/**
 * One pino JSON line as a person reads it: `12:03:04 GET /path 200 3ms` for a request, else
 * `12:03:04 warn message key=value`, an error's stack on the lines after. A line that is not JSON
 * passes as it is.
 */
export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json);
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
  const time = clock(entry.time);
  if (entry.msg === REQUEST_MESSAGE && typeof entry.method === "string") {
    const rest = fields(entry, REQUEST_FIELDS);
    return `${time} ${entry.method} ${entry.url} ${entry.statusCode} ${entry.ms}ms${rest ? ` ${rest}` : ""}\n`;
  }
  const level = LEVELS[Number(entry.level)] ?? String(entry.level);
  const rest = fields(entry, new Set());
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n${err.stack ?? err.message ?? JSON.stringify(err)}` : "";
  return `${time} ${level.padEnd(5)} ${String(entry.msg ?? "")}${rest ? ` ${rest}` : ""}${stack}\n`;
}
