import { yuanToCents } from "@tablemate/core";

/**
 * Alipay writes money as yuan text ('12.30'): read by core's exact rule (never a float); a text that
 * is not a non-negative amount of whole cents is undefined, for the caller to refuse.
 */
export function alipayCents(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  try {
    return yuanToCents(text);
  } catch {
    return undefined;
  }
}
