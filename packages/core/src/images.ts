/** Image size suffixes by layout (spec 000 §7), appended after '@' with crop flags. */
export const IMAGE_SIZES = {
  big: "345w_195h",
  four: "200w_150h",
  nine: "223w_168h",
  recommend: "200w_200h",
  default: "200w_200h",
  thumbnail: "320w_240h",
} as const;

export type ImageLayout = keyof typeof IMAGE_SIZES;

const CROP_FLAGS = "_1e_1c";

/** `…/dish.webp` → `…/dish.webp@345w_195h_1e_1c`; any earlier suffix is replaced. */
export function sizedImageUrl(url: string, layout: ImageLayout): string {
  if (!url) return url;
  const base = url.split("@")[0] ?? url;
  return `${base}@${IMAGE_SIZES[layout]}${CROP_FLAGS}`;
}

/** Parses `345w_195h_1e_1c` into pixel dimensions; null for anything else. */
export function parseImageSuffix(suffix: string): { width: number; height: number } | null {
  const match = /^(\d{1,4})w_(\d{1,4})h(?:_1e_1c)?$/.exec(suffix);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width < 1 || height < 1 || width > 2000 || height > 2000) return null;
  return { width, height };
}
