/**
 * Checks of ids as the browser reads them from links and cookies, without zod: the diner app must
 * not ship zod (spec 000 §9 keeps the first screen small). They accept exactly what the wire
 * schemas `idSchema` and `guidSchema` of contract/common.ts accept; a test holds the two together.
 */

/** Database ids are positive 32-bit integers. */
export const MAX_ID = 2_147_483_647;

/** Visitor id: letters, digits and dashes, 8 to 64 of them, surrounding spaces ignored. */
export const GUID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

export function isGuid(value: string): boolean {
  return GUID_PATTERN.test(value.trim());
}

/** An id from text (a query parameter): the number, or null when absent or not an id. */
export function parseId(value: string | null | undefined): number | null {
  if (value == null) return null;
  // Number() is what z.coerce.number() applies: '' and blanks become 0, which is not an id
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}
