/**
 * Uploaded dish images: checked (a real JPEG, PNG or WebP, at most IMAGE_UPLOAD.maxBytes), stored under
 * DATA_DIR/images/dishes as `<key>.webp` (the original, bounded) and one file per size suffix the diner
 * app asks for (core's IMAGE_SIZES, drawn at twice the CSS pixels). The key is the content's hash, so
 * an image never changes under its URL (the image route serves it as immutable); the dish keeps the key.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AppError, type ConsoleImage, IMAGE_SIZES, parseImageSuffix, sizedImageUrl } from "@tablemate/core";
import sharp from "sharp";
import { dishImageUrl } from "../menu/present.js";

/** A stored upload's key: `up-` and 24 hex digits of its content's hash. */
export const UPLOADED_KEY = /^up-[0-9a-f]{24}$/;
const DEVICE_PIXEL_RATIO = 2;
const ORIGINAL_MAX = 1600;
const WEBP_QUALITY = 80;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export function imagesDir(dataDir: string): string {
  return join(dataDir, "images", "dishes");
}

const variantName = (key: string, size: { width: number; height: number }) =>
  `${key}@${size.width}w_${size.height}h.webp`;

/** Writes a file whole or not at all (a reader never sees half an image). */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

export function variantOf(original: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  return sharp(original)
    .resize(size.width * DEVICE_PIXEL_RATIO, size.height * DEVICE_PIXEL_RATIO, { fit: "cover" })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

/** Stores an upload and its size variants; answers its key and URL. Not an image (or not one we take): 415. */
export async function storeDishImage(
  dataDir: string,
  imageHost: string,
  upload: Buffer,
): Promise<ConsoleImage & { variants: string[] }> {
  if (upload.length > 5 * 1024 * 1024) throw new AppError("imageTooLarge");
  let format: string | undefined;
  try {
    format = (await sharp(upload).metadata()).format;
  } catch {
    throw new AppError("imageType");
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError("imageType");
  let original: Buffer;
  try {
    original = await sharp(upload)
      .rotate()
      .resize(ORIGINAL_MAX, ORIGINAL_MAX, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    throw new AppError("imageType");
  }
  const key = `up-${createHash("sha256").update(original).digest("hex").slice(0, 24)}`;
  const dir = imagesDir(dataDir);
  await mkdir(dir, { recursive: true });
  const sizes = [...new Set(Object.values(IMAGE_SIZES))].flatMap((suffix) => {
    const size = parseImageSuffix(suffix);
    return size ? [size] : [];
  });
  const variants: string[] = [];
  for (const size of sizes) {
    const name = variantName(key, size);
    await writeAtomically(join(dir, name), await variantOf(original, size));
    variants.push(name);
  }
  await writeAtomically(join(dir, `${key}.webp`), original);
  return { imageKey: key, url: sizedImageUrl(dishImageUrl(imageHost, key), "default"), variants };
}

/** An uploaded image at a size: its stored variant, or (a size not made at upload) one drawn from the original. */
export async function uploadedImage(
  dataDir: string,
  key: string,
  size: { width: number; height: number },
): Promise<Buffer | null> {
  const dir = imagesDir(dataDir);
  const variant = join(dir, variantName(key, size));
  if (existsSync(variant)) return readFile(variant);
  const original = join(dir, `${key}.webp`);
  if (!existsSync(original)) return null;
  return variantOf(await readFile(original), size);
}
