import { z } from "zod";
import { idSchema } from "./common.js";

export const restaurantDetailQuerySchema = z.object({ restaurantId: idSchema });

export const crmTypeSchema = z.enum(["new", "old"]);

export type CrmType = z.infer<typeof crmTypeSchema>;

/** Restaurant detail as the diner app reads it (spec 000 §3, 001 §3). */
export const restaurantDetailSchema = z.object({
  restaurantId: z.number(),
  restaurantName: z.string(),
  /** 1 = pay first (prepayment) */
  wctPayType: z.number(),
  restaurantFastHotel: z.boolean(),
  openRecharge: z.boolean(),
  serverVersion: z.string(),
  iconUrl: z.string(),
  foodTakingMode: z.literal([0, 1, 2]),
  wctPayOnly: z.number(),
  fastFoodNeedPersonNum: z.boolean(),
  /** takeout minimum, yuan: judged on the goods, before the delivery fee */
  startPrice: z.number(),
  /** ours (issue 25): takeout's delivery fee as money text ('6.00'), paid with the goods, never discounted */
  deliveryFee: z.string(),
  /** ours: takeout's preparation and delivery, minutes (预计送达) */
  deliveryMinutes: z.number(),
  hotelLock: z.boolean(),
  /** ours: takeout and reservation orders need a code sent to the diner's phone (2008) */
  verifyPhone: z.boolean(),
  hideTotalPrice: z.boolean(),
  wctCallService: z.boolean(),
  address: z.string(),
  phone: z.string(),
  businessTime: z.string(),
  tags: z.array(z.string()),
  environment: z.array(z.string()),
  hotelLabel: z.string(),
  restaurantDescription: z.string(),
  description: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  crmType: crmTypeSchema,
  templateNumber: z.object({ foods: z.literal([1, 2, 3, 4]), recommends: z.literal([1, 2]) }),
  announcement: z.string(),
  discountText: z.string(),
  timezone: z.string(),
});

export type RestaurantDetail = z.infer<typeof restaurantDetailSchema>;

export const crmTypeQuerySchema = z.object({ rid: idSchema });

/** The crm-type call's answer. */
export const crmTypeAnswerSchema = z.object({ crmType: crmTypeSchema, isNewCrm: z.boolean() });

export type CrmTypeAnswer = z.infer<typeof crmTypeAnswerSchema>;

/** The POS status call's answer: only an explicit `false` means the register is offline (spec 001 §4). */
export const posStatusSchema = z.boolean();

/**
 * The crm-type call's answer for a restaurant's member system: the server answers the call with it,
 * and the app reads it from the restaurant detail the page carries instead of calling.
 */
export function crmTypeAnswer(crmType: CrmType): CrmTypeAnswer {
  return { crmType, isNewCrm: crmType === "new" };
}
