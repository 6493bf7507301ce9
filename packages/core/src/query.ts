/** Query parameters carried from page to page (spec 000 §2: all 14). */
export const CARRIED_QUERY_KEYS = [
  "sid",
  "tn",
  "openid",
  "urlSource",
  "t",
  "takeout",
  "reserve",
  "shop",
  "dcode",
  "orderId",
  "hotelid",
  "realTableId",
  "mainWxId",
  "mainOrderId",
] as const;

/** The order list keeps only these 10 (spec 001 §2). */
export const ORDER_LIST_QUERY_KEYS = [
  "hotelid",
  "tn",
  "sid",
  "openid",
  "takeout",
  "reserve",
  "urlSource",
  "t",
  "shop",
  "dcode",
] as const;

export type CarriedQueryKey = (typeof CARRIED_QUERY_KEYS)[number];
export type CarriedQuery = Partial<Record<CarriedQueryKey, string>>;

export function pickQuery<K extends string>(
  query: Record<string, string | undefined>,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const picked: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = query[key];
    if (value !== undefined && value !== "") picked[key] = value;
  }
  return picked;
}

/** Official-account visitors: urlSource 3, or a t parameter without urlSource (spec 000 §6). */
export function isOfficialAccountUser(query: { urlSource?: string; t?: string }): boolean {
  if (query.urlSource !== undefined && query.urlSource !== "") return query.urlSource === "3";
  return query.t !== undefined && query.t !== "";
}
