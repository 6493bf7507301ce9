import { z } from "zod";
import { idSchema } from "./common.js";

export const restaurantDetailQuerySchema = z.object({ restaurantId: idSchema });

export type CrmType = "new" | "old";

/** Restaurant detail as the diner app reads it (spec 000 §3, 001 §3). */
export interface RestaurantDetail {
  restaurantId: number;
  restaurantName: string;
  /** 1 = pay first (prepayment) */
  wctPayType: number;
  restaurantFastHotel: boolean;
  openRecharge: boolean;
  serverVersion: string;
  iconUrl: string;
  foodTakingMode: 0 | 1 | 2;
  wctPayOnly: number;
  fastFoodNeedPersonNum: boolean;
  /** takeout minimum, yuan */
  startPrice: number;
  hotelLock: boolean;
  /** ours: takeout and reservation orders need a code sent to the diner's phone (2008) */
  verifyPhone: boolean;
  hideTotalPrice: boolean;
  wctCallService: boolean;
  address: string;
  phone: string;
  businessTime: string;
  tags: string[];
  environment: string[];
  hotelLabel: string;
  restaurantDescription: string;
  description: string;
  latitude: number;
  longitude: number;
  crmType: CrmType;
  templateNumber: { foods: 1 | 2 | 3 | 4; recommends: 1 | 2 };
  announcement: string;
  discountText: string;
  timezone: string;
}

export const crmTypeQuerySchema = z.object({ rid: idSchema });

/** The crm-type call's answer. */
export interface CrmTypeAnswer {
  crmType: CrmType;
  isNewCrm: boolean;
}

/**
 * The crm-type call's answer for a restaurant's member system: the server answers the call with it,
 * and the app reads it from the restaurant detail the page carries instead of calling.
 */
export function crmTypeAnswer(crmType: CrmType): CrmTypeAnswer {
  return { crmType, isNewCrm: crmType === "new" };
}
