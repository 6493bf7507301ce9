import { type CrmTypeAnswer, crmTypeAnswer, type MenuSnapshot, type RestaurantDetail } from "@tablemate/core";
import { readPageData } from "../config.js";

/** Steps 5-7's answers and the entry's (period info, stock) as the page carried them. */
export interface PageMenuAnswers extends MenuSnapshot {
  /** the crm-type call's answer, from the restaurant detail */
  crm: CrmTypeAnswer;
  /** the pos-status call's answer */
  posOnline: boolean;
}

export interface PageAnswers {
  /** the restaurant detail call's answer */
  restaurant: RestaurantDetail | null;
  /** present when the page carried the restaurant's menu and register state */
  menu: PageMenuAnswers | null;
}

const NONE: PageAnswers = { restaurant: null, menu: null };

/**
 * What the page itself answers of startup for the restaurant a link names. The server puts the
 * scanned restaurant's detail, its menu (period info, memos and stock included) and its register's
 * state into the page; for that restaurant startup calls for none of them. Another restaurant's
 * link, or a page without them, gets nothing here, and startup calls as it always did.
 */
export function pageAnswers(hotelid: number | null): PageAnswers {
  const { restaurant, menu, posOnline } = readPageData();
  if (hotelid === null || restaurant?.restaurantId !== hotelid) return NONE;
  if (!menu || posOnline === null) return { restaurant, menu: null };
  return { restaurant, menu: { ...menu, crm: crmTypeAnswer(restaurant.crmType), posOnline } };
}
