import { CARRIED_QUERY_KEYS, type CarriedQueryKey, pickQuery } from "@tablemate/core";
import { session } from "../storage.js";

/** SearchObj (spec 000 §3): the carried query without orderId, which belongs to one page only. */
export type SearchObjKey = Exclude<CarriedQueryKey, "orderId">;
export type SearchObj = Partial<Record<SearchObjKey, string>>;

export const SEARCH_OBJ_KEYS: readonly SearchObjKey[] = CARRIED_QUERY_KEYS.filter(
  (key): key is SearchObjKey => key !== "orderId",
);

export const SEARCH_OBJ_STORAGE_KEY = "SearchObj";

export function toSearchObj(query: Record<string, string | undefined>): SearchObj {
  return pickQuery(query, SEARCH_OBJ_KEYS);
}

export function saveSearchObj(searchObj: SearchObj): void {
  session.set(SEARCH_OBJ_STORAGE_KEY, JSON.stringify(searchObj));
}

export function loadSearchObj(): SearchObj {
  const raw = session.get(SEARCH_OBJ_STORAGE_KEY);
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return {};
    const strings = Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    return toSearchObj(strings);
  } catch {
    return {};
  }
}
