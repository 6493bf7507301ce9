import { idSchema } from "@tablemate/core";
import type { SearchObj } from "./search-obj.js";

/** An id from the query as a number, or null when absent or not an id. */
export function parseId(value: string | undefined): number | null {
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The scanned table: its number (tn) and its signed token (sid); null when either is missing. */
export function tableParams(searchObj: SearchObj): { tableId: number; sid: string } | null {
  const tableId = parseId(searchObj.tn);
  return tableId !== null && searchObj.sid ? { tableId, sid: searchObj.sid } : null;
}
