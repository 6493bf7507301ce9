import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import { AppError } from "@tablemate/core";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../config.js";
import { refused } from "../http/envelope.js";

/** Where the console lives; its API is under CONSOLE_API, its hashed files under CONSOLE_ASSETS. */
export const CONSOLE_BASE = "/console";
const CONSOLE_API = `${CONSOLE_BASE}/api/`;
const CONSOLE_ASSETS = `${CONSOLE_BASE}/assets/`;
/** Paths staff might type for the console: they go to it. */
const CONSOLE_ALIASES = ["/staff", "/admin"];

/**
 * Serves the built staff console (apps/console): its hashed assets under /console/assets/ (cached for a
 * year, their names change with their content) and index.html (never cached, so a new build is picked
 * up at the next load) for every other /console path, the app's router drawing the page or its
 * not-found. /console/api/... stays the API: a path no route has answers the JSON 404 envelope, never
 * the page. Without a build (tests that do not build) the console's pages answer 503 with a hint.
 */
export async function consoleShell(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = join(config.CONSOLE_DIST, "index.html");
  const index = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : null;
  const assets = join(config.CONSOLE_DIST, "assets");
  if (existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: CONSOLE_ASSETS,
      // the diner app's registration decorates the reply already
      decorateReply: false,
      immutable: true,
      maxAge: "365d",
    });
  }

  const notFound = (reply: FastifyReply) => {
    const error = new AppError("unknownRoute");
    return reply.status(error.status).send(refused(error));
  };
  const page = (path: string, reply: FastifyReply) => {
    if (path.startsWith(CONSOLE_API) || path.startsWith(CONSOLE_ASSETS)) return notFound(reply);
    if (!index) {
      return reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .header("cache-control", "no-store")
        .send("The staff console is not built: run `npm run build`.");
    }
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(index);
  };
  const pathOf = (url: string) => url.split("?")[0] ?? "/";

  // routes (not the not-found handler), so the page is compressed like any answer; the API's own
  // routes are more specific and always win over the wildcard
  app.get(CONSOLE_BASE, (request, reply) => page(pathOf(request.url), reply));
  app.get(`${CONSOLE_BASE}/*`, (request, reply) => page(pathOf(request.url), reply));
  for (const alias of CONSOLE_ALIASES) {
    const redirect = (_request: unknown, reply: FastifyReply) => reply.redirect(`${CONSOLE_BASE}/`, 302);
    app.get(alias, redirect);
    app.get(`${alias}/*`, redirect);
  }
}
