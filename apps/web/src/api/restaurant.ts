import { type CrmTypeAnswer, DINER_API, type RestaurantDetail } from "@tablemate/core";
import { http } from "./http.js";

export function fetchRestaurantDetail(restaurantId: number): Promise<RestaurantDetail> {
  return http.get(DINER_API.restaurantDetail, { restaurantId });
}

export function fetchCrmType(rid: number): Promise<CrmTypeAnswer> {
  return http.get(DINER_API.crmType, { rid });
}

/** Only an explicit `false` means the register is offline (spec 001 §4). */
export async function fetchPosOnline(rid: number): Promise<boolean> {
  return (await http.get(DINER_API.posStatus, { rid })) !== false;
}
