import { CARRIED_QUERY_KEYS, pickQuery } from "@tablemate/core";
import type { SearchObj } from "../store/search-obj.js";

export type ExtraQuery = Record<string, string | undefined>;

function withSearch(path: string, params: URLSearchParams): string {
  const search = params.toString();
  return search === "" ? path : `${path}?${search}`;
}

/**
 * `to` with the carried parameters of the current query (spec 000 §2) plus any extra ones; `keys`
 * narrows what is carried (the order list keeps only ORDER_LIST_QUERY_KEYS).
 */
export function carryQuery(
  to: string,
  fromSearch: string,
  extra: ExtraQuery = {},
  keys: readonly string[] = CARRIED_QUERY_KEYS,
): string {
  const current = Object.fromEntries(new URLSearchParams(fromSearch));
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(pickQuery(current, keys))) {
    if (value !== undefined) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined && value !== "") params.set(key, value);
  }
  return withSearch(to, params);
}

/**
 * The query with the stored SearchObj filled in when it has no hotelid (spec 000 §2), so a page
 * opened without the table link still knows its restaurant and table. Null when nothing changes.
 */
export function mergeSearchObj(search: string, stored: SearchObj): string | null {
  const params = new URLSearchParams(search);
  if (params.get("hotelid") || !stored.hotelid) return null;
  for (const [key, value] of Object.entries(stored)) {
    if (value && !params.get(key)) params.set(key, value);
  }
  return params.toString();
}

/**
 * Whether a link names the table the stored SearchObj was saved for (a link without hotelid names no
 * other, and with nothing stored there is no other to be).
 */
export function isSavedTable(search: string, stored: SearchObj): boolean {
  const params = new URLSearchParams(search);
  const hotelid = params.get("hotelid");
  if (!hotelid || !stored.hotelid) return true;
  return hotelid === stored.hotelid && (params.get("tn") ?? "") === (stored.tn ?? "");
}
