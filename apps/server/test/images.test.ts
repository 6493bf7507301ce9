import { IMAGE_SIZES, parseImageSuffix } from "@tablemate/core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { generatedMenu } from "../src/db/demo/generated.js";
import { demoMenu } from "../src/db/demo/menu.js";
import { dishWebp, lruCache } from "../src/web/images.js";

const BUDGET = 15 * 1024;

describe("dish images", () => {
  // every dish of the mode menu, and every tenth generated one
  const keys = [...demoMenu, ...generatedMenu.filter((_, i) => i % 10 === 0)].map((d) => d.imageKey);

  it.each([
    ["default", IMAGE_SIZES.default],
    ["big", IMAGE_SIZES.big],
  ])("%s (%s) thumbnails of the demo menus are WebP at 2x, each within 15 KB", async (_, suffix) => {
    const size = parseImageSuffix(suffix);
    if (!size) throw new Error(`bad suffix ${suffix}`);
    let largest = 0;
    for (const key of keys) {
      const image = await dishWebp(key, size.width, size.height);
      largest = Math.max(largest, image.length);
    }
    expect(largest).toBeLessThanOrEqual(BUDGET);
    const meta = await sharp(await dishWebp(keys[0] ?? "", size.width, size.height)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", size.width * 2, size.height * 2]);
  });

  it("the cache keeps the most recently used entries up to its bound", () => {
    const cache = lruCache<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c"), cache.size]).toEqual([1, undefined, 3, 2]);
  });
});
