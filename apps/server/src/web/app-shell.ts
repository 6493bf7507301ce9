import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import {
  type ClientConfig,
  type Dish,
  idSchema,
  PAGE_DATA_GLOBAL,
  type PageData,
  sizedImageUrl,
} from "@tablemate/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import { foodList, type MenuContext } from "../modules/menu/menu.js";
import { findRestaurant, presentRestaurant } from "../modules/restaurant/restaurants.js";

const PLACEHOLDER = "<!--tablemate-page-data-->";
const GUID_COOKIE = "guid";
const ONE_YEAR = 365 * 24 * 3600;

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

export function clientConfig(config: Config): ClientConfig {
  return {
    env: config.NODE_ENV,
    routerMode: config.ROUTER_MODE,
    routerPrefix: config.ROUTER_PREFIX,
    socketUrl: "",
    payUrl: "",
    hostUrl: config.publicUrl,
    qrcodeUrl: "",
    evaluateUrl: "",
    imageHost: config.IMAGE_HOST,
  };
}

/** JSON inside <script>: '<' is escaped so no value can close the tag. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * Serves the built diner app: hashed assets from /assets, and every app route as index.html with
 * the visitor's guid (cookie, created if missing) and the restaurant injected for the first paint.
 */
/** The first dishes' thumbnails, fetched while the scripts still load (the largest paint is one of them). */
function imagePreloads(foods: Dish[], count: number): string {
  return foods
    .slice(0, count)
    .map((dish) => `<link rel="preload" as="image" href="${sizedImageUrl(dish.smallImg, "default")}">`)
    .join("");
}

const PRELOADED_IMAGES = 4;

export async function appShell(app: FastifyInstance, menu: MenuContext, config: Config): Promise<void> {
  const { db } = menu;
  const indexFile = join(config.WEB_DIST, "index.html");
  const template = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : null;
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
    let guid = request.cookies[GUID_COOKIE];
    if (!guid || !/^[A-Za-z0-9-]{8,64}$/.test(guid)) {
      guid = randomUUID();
      reply.setCookie(GUID_COOKIE, guid, { path: "/", maxAge: ONE_YEAR, sameSite: "lax", httpOnly: false });
    }
    const hotelid = idSchema.safeParse((request.query as Record<string, unknown>).hotelid);
    const restaurant = hotelid.success ? await findRestaurant(db, hotelid.data) : undefined;
    const foods = restaurant ? await foodList(menu, restaurant) : [];
    const pageData: PageData = {
      guid,
      restaurant: restaurant ? presentRestaurant(restaurant) : null,
      config: clientConfig(config),
    };
    const recommended = foods.filter((d) => d.isRecommend);
    const html = template.replace(
      PLACEHOLDER,
      `${imagePreloads(recommended.length >= 3 ? recommended : foods, PRELOADED_IMAGES)}<script>window.${PAGE_DATA_GLOBAL}=${scriptJson(pageData)}</script>`,
    );
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix)) || path.startsWith("/assets/");
    if (request.method === "GET" && !isApi) return renderIndex(request, reply);
    return reply.status(404).send({ code: 404, success: false, data: null, message: "请求的资源不存在" });
  });
}
