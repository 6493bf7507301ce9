import { API, AppError, PAY_API } from "@tablemate/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import { sameOriginAllowed } from "../security/same-origin.js";

/**
 * Who may send what, before any body is read (onRequest):
 * - every change (and socket handshake) comes from this origin (security/same-origin.ts), but the
 *   payment gateways' notifications and the cloud printers' callbacks, which no browser sends and
 *   whose signature is what is checked;
 * - the console's changes are JSON (its one upload, a dish image, multipart): a form or a text/plain
 *   body, which any page may send without asking, is refused (415) before it is parsed.
 */
export function registerRequestGuards(
  app: FastifyInstance,
  config: Pick<Config, "PUBLIC_URL" | "HOST_URL" | "QRCODE_URL" | "SOCKET_URL">,
) {
  const configured = [config.PUBLIC_URL, config.HOST_URL, config.QRCODE_URL, config.SOCKET_URL];
  // a ws(s) SOCKET_URL names the same origin as its http(s) counterpart
  const trusted = configured.flatMap((url) => (url ? [new URL(url.replace(/^ws/, "http")).origin] : []));
  const notifications = [PAY_API.payNotify(""), API.printCallback("")];
  app.addHook("onRequest", async (request) => {
    if (notifications.some((path) => request.url.startsWith(path))) return;
    const allowed = sameOriginAllowed(
      {
        method: request.method,
        host: request.host,
        origin: header(request, "origin"),
        secFetchSite: header(request, "sec-fetch-site"),
        upgrade: header(request, "upgrade")?.toLowerCase() === "websocket",
      },
      trusted,
    );
    if (!allowed) throw new AppError("crossOrigin");
    if (request.url.startsWith(CONSOLE_API) && !SAFE_METHODS.has(request.method)) checkConsoleBody(request);
  });
}

const CONSOLE_API = "/console/api/";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const IMAGE_UPLOAD = API.consoleImages(":rid");

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The media type of a Content-Type header, lower case, without its parameters. */
const mediaType = (contentType: string) => contentType.split(";")[0]?.trim().toLowerCase() ?? "";

/** A console change: JSON (multipart for the image upload), or no body and no type at all. */
function checkConsoleBody(request: FastifyRequest): void {
  const type = header(request, "content-type");
  const hasBody = Number(header(request, "content-length") ?? 0) > 0 || header(request, "transfer-encoding");
  if (type === undefined && !hasBody) return;
  const expected = request.routeOptions.url === IMAGE_UPLOAD ? "multipart/form-data" : "application/json";
  if (type === undefined || mediaType(type) !== expected) throw new AppError("unsupportedMediaType");
}
