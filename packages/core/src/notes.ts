/** Notes on a cart line or an order (spec 001 §5). */
export const NOTE_MAX = 32;
export const NOTE_TOO_LONG = "备注不能超过32个字符";
export const NOTE_TAG_PRESENT = "已有相应备注";
export const NOTE_TAG_SEPARATOR = "，";
/** Combo lines take no note from the cart (spec 000 §5). */
export const COMBO_NOTE_REFUSED = "套餐不支持从购物车添加备注";

/** Quick tags when the restaurant has none of its own. */
export const DEFAULT_NOTE_TAGS = [
  "不加辣",
  "微辣",
  "清淡",
  "少加盐",
  "不加香菜",
  "不加葱",
  "不加蒜",
  "不加姜",
  "不加酱油",
  "不加胡椒",
  "不加花椒",
] as const;

/** Pictographs, flags and skin tones, and the joiners and selectors that glue them into one emoji. */
const EMOJI =
  /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\u{FE0F}|\u{200D}|\u{20E3}/gu;

export function stripEmoji(text: string): string {
  return text.replace(EMOJI, "");
}

export type NoteResult = { ok: true; note: string } | { ok: false; message: string };

/** A note as saved: emoji stripped, trimmed, at most 32 characters. */
export function checkNote(text: string): NoteResult {
  const note = stripEmoji(text).trim();
  if (Array.from(note).length > NOTE_MAX) return { ok: false, message: NOTE_TOO_LONG };
  return { ok: true, note };
}

/** Tapping a tag chip appends it after a full-width comma, once. */
export function appendTag(note: string, tag: string): NoteResult {
  const parts = note.split(NOTE_TAG_SEPARATOR).map((p) => p.trim());
  if (parts.includes(tag)) return { ok: false, message: NOTE_TAG_PRESENT };
  return checkNote(note.trim() === "" ? tag : `${note}${NOTE_TAG_SEPARATOR}${tag}`);
}
