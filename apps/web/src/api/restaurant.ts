import { API, type CrmTypeAnswer, type RestaurantDetail } from "@tablemate/core";
import { http } from "./http.js";

export async function fetchRestaurantDetail(restaurantId: number): Promise<RestaurantDetail> {
  return (await http.get<RestaurantDetail>(API.restaurantDetail, { restaurantId })).data;
}

export async function fetchCrmType(rid: number): Promise<CrmTypeAnswer> {
  return (await http.get<CrmTypeAnswer>(API.crmType, { rid })).data;
}

/** Only an explicit `false` means the register is offline (spec 001 §4). */
export async function fetchPosOnline(rid: number): Promise<boolean> {
  return (await http.get<boolean>(API.posStatus, { rid })).data !== false;
}
