import { createHash } from "node:crypto";
import { parseImageSuffix } from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { UPLOADED_KEY, uploadedImage } from "../modules/menu-admin/images.js";

const PALETTES = [
  ["#f6d365", "#fda085"],
  ["#f093fb", "#f5576c"],
  ["#84fab0", "#8fd3f4"],
  ["#fccb90", "#d57eeb"],
  ["#e0c3fc", "#8ec5fc"],
  ["#fa709a", "#fee140"],
  ["#a1c4fd", "#c2e9fb"],
  ["#ffecd2", "#fcb69f"],
];

/**
 * Demo dish pictures are drawn here (no downloads): a plate on a warm gradient, coloured by the
 * image key, as an SVG of the given pixel size; the route below serves it encoded as WebP.
 */
export function dishSvg(key: string, width: number, height: number): string {
  const hash = createHash("sha1").update(key).digest();
  const [from, to] = PALETTES[(hash[0] ?? 0) % PALETTES.length] ?? ["#f6d365", "#fda085"];
  const r = Math.min(width, height) * 0.36;
  const cx = width / 2;
  const cy = height / 2;
  const garnish = Array.from({ length: 5 }, (_, i) => {
    const angle = ((hash[i + 1] ?? 0) / 255) * Math.PI * 2;
    const d = r * 0.45;
    return `<circle cx="${(cx + Math.cos(angle) * d).toFixed(1)}" cy="${(cy + Math.sin(angle) * d).toFixed(1)}" r="${(r * 0.16).toFixed(1)}" fill="${i % 2 ? to : from}" opacity="0.9"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="0.95"/><circle cx="${cx}" cy="${cy}" r="${r * 0.72}" fill="#fbf6ef"/>${garnish}</svg>`;
}

/** Phones have screens of 2x and more, so a suffix's CSS size is drawn at twice its pixels to stay sharp. */
const DEVICE_PIXEL_RATIO = 2;
/** WebP quality: the drawn thumbnails come out at 2-6 KB, well inside the 15 KB budget per 2x thumbnail. */
const WEBP_QUALITY = 80;
/** Encoded images kept in memory (a few KB each), so a busy menu does not re-encode its dishes. */
const CACHE_ENTRIES = 500;

/** The dish picture of `key` at `width`×`height` CSS pixels, as WebP at DEVICE_PIXEL_RATIO. */
export function dishWebp(key: string, width: number, height: number): Promise<Buffer> {
  const svg = dishSvg(key, width * DEVICE_PIXEL_RATIO, height * DEVICE_PIXEL_RATIO);
  return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY }).toBuffer();
}

/** A bounded least-recently-used map: a hit moves the entry to the end, an insert past the bound drops the first. */
export function lruCache<V>(capacity: number) {
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: V): void {
      entries.delete(key);
      entries.set(key, value);
      for (const oldest of entries.keys()) {
        if (entries.size <= capacity) break;
        entries.delete(oldest);
      }
    },
    delete(key: string): void {
      entries.delete(key);
    },
    get size(): number {
      return entries.size;
    },
  };
}

/**
 * Dish images: an uploaded one (`up-…`, menu-admin/images.ts) from DATA_DIR, any other key drawn.
 * Keys never change content (uploads are named by their hash), so every answer is immutable.
 */
export function imageRoutes(app: FastifyInstance, dataDir: string): void {
  // Promises are cached, so concurrent requests for one image share a single encoding.
  const cache = lruCache<Promise<Buffer>>(CACHE_ENTRIES);
  app.get<{ Params: { file: string } }>("/images/dishes/:file", async (request, reply) => {
    const [name = "", suffix = "200w_200h"] = request.params.file.split("@");
    const size = parseImageSuffix(suffix);
    const key = /^([a-z0-9-]{1,80})\.webp$/.exec(name)?.[1];
    if (!size || !key)
      return reply.status(404).send({ code: 404, success: false, data: null, message: "图片不存在" });
    const cacheKey = `${key}@${size.width}x${size.height}`;
    let image = cache.get(cacheKey);
    if (!image) {
      image = UPLOADED_KEY.test(key)
        ? uploadedImage(dataDir, key, size).then((found) => {
            if (!found) throw new Error("missing");
            return found;
          })
        : dishWebp(key, size.width, size.height);
      cache.set(cacheKey, image);
      image.catch(() => cache.delete(cacheKey));
    }
    const body = await image.catch(() => null);
    if (!body)
      return reply.status(404).send({ code: 404, success: false, data: null, message: "图片不存在" });
    return reply.type("image/webp").header("cache-control", "public, max-age=31536000, immutable").send(body);
  });
}
