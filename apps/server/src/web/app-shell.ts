import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import {
  AppError,
  type ClientConfig,
  type FirstScreenRenderer,
  idSchema,
  type MenuSnapshot,
  PAGE_DATA_ELEMENT_ID,
  type PageData,
  type PayView,
  sizedImageUrl,
} from "@tablemate/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import { refused } from "../http/envelope.js";
import { type MenuContext, menuSnapshot } from "../modules/menu/menu.js";
import { findRestaurant, posStatus, presentRestaurant } from "../modules/restaurant/restaurants.js";
import { linkedTableDinerCount } from "../modules/table/tables.js";
import type { Signer } from "../security/signer.js";
import { GUID_COOKIE, issueVisitor, setVisitorCookies, visitorOf } from "../security/visitor.js";

const PLACEHOLDER = "<!--tablemate-page-data-->";
const EMPTY_ROOT = '<div id="root"></div>';

/** Paths that belong to the API: an unknown one answers an envelope, never the app. */
const API_PREFIXES = [
  "/cloud/",
  "/deal/",
  "/user/",
  "/restaurant/",
  "/table/",
  "/food/",
  "/co-channel/",
  "/images/",
];

/**
 * The environment config the page carries (spec 000 §3), from the boot's configuration. An empty
 * origin means the page's own: the app opens its socket there, and a table link names it.
 */
export function clientConfig(config: Config): ClientConfig {
  return {
    env: config.NODE_ENV,
    routerMode: config.ROUTER_MODE,
    routerPrefix: config.ROUTER_PREFIX,
    socketUrl: config.SOCKET_URL ?? "",
    payUrl: config.PAY_URL ?? "",
    hostUrl: config.HOST_URL ?? config.PUBLIC_URL ?? "",
    qrcodeUrl: config.QRCODE_URL ?? config.PUBLIC_URL ?? "",
    evaluateUrl: config.EVALUATE_URL ?? "",
    imageHost: config.IMAGE_HOST,
  };
}

/** JSON inside <script>: '<' is escaped so no value can close the tag (and it stays JSON). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The first dishes' thumbnails, fetched while the scripts load, when the page carries no menu HTML. */
function imagePreloads(menu: MenuSnapshot, count: number): string {
  const { foods, recommends } = menu;
  return (recommends.length >= 3 ? recommends : foods)
    .slice(0, count)
    .map((dish) => `<link rel="preload" as="image" href="${sizedImageUrl(dish.smallImg, "default")}">`)
    .join("");
}

const PRELOADED_IMAGES = 4;

/** The app's server-side entry, when the build made one (`npm run build` does). */
async function loadFirstScreenRenderer(webDist: string): Promise<FirstScreenRenderer | null> {
  const file = join(webDist, "server", "entry-server.js");
  if (!existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as { renderFirstScreen: FirstScreenRenderer };
  return entry.renderFirstScreen;
}

/**
 * The first screen's HTML (null for a page not rendered on the server), or `failed` when rendering
 * threw: the app then draws the menu in the browser.
 */
function firstScreenOf(
  render: FirstScreenRenderer,
  request: FastifyRequest,
  pageData: PageData,
): { html: string | null; failed: boolean } {
  try {
    return { html: render(request.url, pageData), failed: false };
  } catch (error) {
    request.log.error({ err: error }, "first screen not rendered on the server");
    return { html: null, failed: true };
  }
}

/**
 * Serves the built diner app: hashed assets from /assets, and every app route as index.html with
 * the visitor's guid (cookie, created if missing), the scanned restaurant, its menu (with memos and
 * stock), its register's state and the scanned table's diner count injected, and the first screen
 * (the menu, or the branded wait before the diner-count step) already rendered into #root,
 * so it paints before any script runs and the app's startup fetches none of it again.
 */
/** An order's pay view as a diner may see it, or null (not theirs, not found). */
export type PagePay = (restaurantId: number, orderId: number, guid: string) => Promise<PayView | null>;

/** The order a /pay?orderId= page names (under any router prefix), or null for any other page. */
function payOrderOf(request: FastifyRequest, query: Record<string, unknown>): number | null {
  const path = request.url.split("?")[0] ?? "";
  if (!path.endsWith("/pay")) return null;
  const orderId = idSchema.safeParse(query.orderId);
  return orderId.success ? orderId.data : null;
}

export async function appShell(
  app: FastifyInstance,
  menu: MenuContext,
  config: Config,
  signer: Signer,
  pagePay?: PagePay,
): Promise<void> {
  const { db } = menu;
  const indexFile = join(config.WEB_DIST, "index.html");
  const template = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : null;
  const renderFirstScreen = await loadFirstScreenRenderer(config.WEB_DIST);
  if (existsSync(join(config.WEB_DIST, "assets"))) {
    await app.register(fastifyStatic, {
      root: join(config.WEB_DIST, "assets"),
      prefix: "/assets/",
      immutable: true,
      maxAge: "365d",
    });
  }

  const renderIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!template) {
      return reply.status(503).type("text/plain").send("The diner app is not built: run `npm run build`.");
    }
    // the visitor its credential names; a browser without one becomes a new visitor (a guid cookie
    // alone proves nothing: anyone can set one to a guid they were shown)
    const known = visitorOf(signer, request);
    const guid = known ?? issueVisitor(signer, reply).guid;
    if (known && request.cookies[GUID_COOKIE] !== known) {
      setVisitorCookies(reply, known, signer.visitorCredential(known));
    }
    const query = request.query as Record<string, unknown>;
    const hotelid = idSchema.safeParse(query.hotelid);
    const restaurant = hotelid.success ? await findRestaurant(db, hotelid.data) : undefined;
    const payOrder = restaurant && known ? payOrderOf(request, query) : null;
    const [snapshot, dinerCount, pay] = restaurant
      ? await Promise.all([
          menuSnapshot(menu, restaurant),
          linkedTableDinerCount(db, signer, restaurant.id, query),
          // the visitor's own order only (a new visitor has none): another's answers nothing here
          payOrder !== null && known && pagePay
            ? pagePay(restaurant.id, payOrder, known).catch(() => null)
            : null,
        ])
      : [null, null, null];
    const pageData: PageData = {
      guid,
      restaurant: restaurant ? presentRestaurant(restaurant) : null,
      menu: snapshot,
      posOnline: restaurant ? posStatus(restaurant) : null,
      dinerCount,
      ...(pay ? { pay } : {}),
      config: clientConfig(config),
    };
    const firstScreen = renderFirstScreen
      ? firstScreenOf(renderFirstScreen, request, pageData)
      : { html: null, failed: true };
    // the menu's thumbnails only where the browser will draw the menu: not on a page the server does
    // not render (/pay, the order pages), whose own first screen they would hold back
    const preloads =
      firstScreen.failed && pageData.menu ? imagePreloads(pageData.menu, PRELOADED_IMAGES) : "";
    // the data after the first screen's HTML, so that HTML is parsed (and can paint) first; as JSON
    // rather than script, it costs nothing until the app reads it
    const html = template
      .replace(PLACEHOLDER, preloads)
      .replace(EMPTY_ROOT, `<div id="root">${firstScreen.html ?? ""}</div>`)
      .replace(
        "</body>",
        `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(pageData)}</script></body>`,
      );
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);
  };

  const isApi = (path: string) =>
    API_PREFIXES.some((prefix) => path.startsWith(prefix)) || path.startsWith("/assets/");
  const notFound = (reply: FastifyReply) => {
    const error = new AppError("unknownRoute");
    return reply.status(error.status).send(refused(error));
  };

  // a route rather than the not-found handler, so the page goes through compression like any answer
  app.get("/*", (request, reply) =>
    isApi(request.url.split("?")[0] ?? "/") ? notFound(reply) : renderIndex(request, reply),
  );
  app.setNotFoundHandler((_request, reply) => notFound(reply));
}
