import { createHash } from "node:crypto";
import { parseImageSuffix } from "@tablemate/core";
import type { FastifyInstance } from "fastify";

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
 * image key, at the size the '@' suffix asks for (spec 000 §7).
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

export function imageRoutes(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>("/images/dishes/:file", async (request, reply) => {
    const [name = "", suffix = "200w_200h"] = request.params.file.split("@");
    const size = parseImageSuffix(suffix);
    const key = /^([a-z0-9-]{1,80})\.svg$/.exec(name)?.[1];
    if (!size || !key)
      return reply.status(404).send({ code: 404, success: false, data: null, message: "图片不存在" });
    return reply
      .type("image/svg+xml")
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(dishSvg(key, size.width, size.height));
  });
}
