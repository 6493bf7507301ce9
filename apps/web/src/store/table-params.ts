import { parseId } from "@tablemate/core";
import type { SearchObj } from "./search-obj.js";

/** The scanned table: its number (tn) and its signed token (sid); null when either is missing. */
export function tableParams(searchObj: SearchObj): { tableId: number; sid: string } | null {
  const tableId = parseId(searchObj.tn);
  return tableId !== null && searchObj.sid ? { tableId, sid: searchObj.sid } : null;
}
