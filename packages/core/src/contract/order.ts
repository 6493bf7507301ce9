import { z } from "zod";
import { parseDateTime } from "../dates.js";
import { flagSchema, guidSchema, idSchema } from "./common.js";
import { allergenCodesSchema } from "./menu.js";
import { lineChoiceSchema, opIdSchema } from "./realtime.js";

/** Submit answer codes (spec 000 §8). */
export const SUBMIT_CODES = {
  ok: 1000,
  failed: 1001,
  timeout: 1002,
  timeoutAlso: 1006,
  infoMissing: 1007,
  invalid: 1008,
  othersOrdering: 1009,
  restaurantNotFound: 1011,
  stockShort: 2000,
  wrongCode: 2008,
  additionsShort: 3000,
  posOffline: 4000,
  shopClosed: 5555,
  tableSettled: 6000,
  companionOrdered: 6666,
  tooFrequent: 8001,
  serverMessage: 9001,
  submitting: 11009010,
} as const;

/** The diner's cancel refusals (spec 001 §8): the order is being paid, or it can no longer be cancelled. */
export const CANCEL_CODES = {
  paying: 2000,
  failed: 1001,
} as const;

/** Order status codes the diner app reads (spec 001 §4); the rest are ours, named here. */
export const ORDER_STATUS = {
  placed: 0,
  accepted: 1,
  cooking: 2,
  cancelled: 4,
  closed: 5,
  settled: 7,
  served: 8,
} as const;

export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/**
 * An order's progress beside its status, by mode (core's fulfilment.ts moves it): a takeout's
 * delivery, a reservation's answer, a pick-up number called at the counter.
 */
export const FULFILMENT_STEPS = ["delivering", "delivered", "confirmed", "declined", "called"] as const;
export const fulfilmentStepSchema = z.enum(FULFILMENT_STEPS);
export type FulfilmentStep = z.infer<typeof fulfilmentStepSchema>;

/** The statuses of an open order: placed, accepted, cooking, served (not cancelled, settled or closed). */
export const OPEN_ORDER_STATUSES: readonly number[] = [
  ORDER_STATUS.placed,
  ORDER_STATUS.accepted,
  ORDER_STATUS.cooking,
  ORDER_STATUS.served,
];

/** Dishes may be added to an order only while it is open (spec 000 §4). */
export function canAddToOrder(status: number): boolean {
  return OPEN_ORDER_STATUSES.includes(status);
}

const text = (max: number) => z.string().max(max);

/**
 * A supply form's booked time: 'YYYY-MM-DD HH:mm' (spec 000 §5, 001 §9), a real date and time of day;
 * empty: none chosen (as soon as possible, where the order allows it; see core's checkBookedTime).
 */
export const bookedTimeSchema = z.union([
  z.literal(""),
  z.string().refine((time) => parseDateTime(time) !== null, { message: "时间格式应为 YYYY-MM-DD HH:mm" }),
]);

/** A line as the client sends it; used only for a local (fault) cart, and never for its price. */
export const submitFoodSchema = lineChoiceSchema.extend({
  foodId: idSchema,
  count: z.string().regex(/^\d{1,4}(\.\d{1,3})?$/),
  memo: text(200).default(""),
});

/** The order JSON (spec 000 §3: the cart payload and the submit data payload, together). */
export const orderPayloadSchema = z.object({
  submitId: opIdSchema,
  restaurantId: idSchema,
  fastFood: flagSchema.default(false),
  realTableId: idSchema,
  realTableName: text(60).default(""),
  cartId: idSchema,
  cartIdSign: z.string().min(1).max(200),
  channelName: text(40).default(""),
  faultChannel: flagSchema.default(false),
  faultCart: flagSchema.default(false),
  paymentType: z.coerce.number().int().min(0).max(1).default(0),
  wholeMemo: z.object({ guid: guidSchema, memo: text(200).default("") }),
  orderUsers: z
    .array(z.object({ guid: guidSchema }))
    .max(50)
    .default([]),
  personNum: z.coerce.number().int().min(0).max(99).default(0),
  foods: z.array(submitFoodSchema).max(300).default([]),
  foodTakingMode: z.coerce.number().int().min(0).max(2).default(0),
  newVersion: flagSchema.default(true),
  userId: guidSchema,
  reserve: text(10).optional(),
  takeout: text(10).optional(),
  openId: text(80).default(""),
  mainWxId: text(64).optional(),
  mainOrderId: idSchema.optional(),
  invoiceTitle: text(100).default(""),
  phone: text(20).optional(),
  code: text(10).optional(),
  name: text(30).optional(),
  sex: text(4).optional(),
  num: z.coerce.number().int().min(0).max(99).optional(),
  time: bookedTimeSchema.optional(),
  memo: text(200).optional(),
  address: text(200).optional(),
  /** ours (issue 29): allergies the diner tells the kitchen; kept for the rest of the visit */
  kitchenAllergens: allergenCodesSchema.default([]),
});

export type OrderPayload = z.infer<typeof orderPayloadSchema>;

/** The submit call's form (spec 000 §7): `data` is the order as JSON text. */
export const submitBodySchema = z.object({
  data: z.string().min(2).max(200_000),
  isNewVersion: flagSchema.optional(),
  token: z.string().max(200).optional(),
  smToken: z.string().max(500).optional(),
});

export const submitResultSchema = z.object({
  orderId: z.number(),
  mainWxId: z.string(),
  realTableId: z.number(),
});

export type SubmitResult = z.infer<typeof submitResultSchema>;

/** Why a submit was refused for stock: each short dish, and what is left (2000, 3000). */
export const shortageSchema = z.object({
  foodId: z.number(),
  name: z.string(),
  left: z.number(),
  isCombo: z.boolean(),
});

export type Shortage = z.infer<typeof shortageSchema>;

export const eatTypeSchema = z.enum(["dine", "fast", "takeout", "reserve"]);

/** An addition on an order's line, and a combo's part: as diners' and staff's views of a line both show them. */
export const lineAdditionSchema = z.object({ id: z.number(), name: z.string(), count: z.number() });
export const linePartSchema = z.object({ itemId: z.number(), name: z.string(), count: z.number() });

export const orderDishLineSchema = z.object({
  id: z.number(),
  foodId: z.number(),
  dishesName: z.string(),
  detailId: z.string(),
  normName: z.string(),
  methodNames: z.array(z.string()),
  additions: z.array(lineAdditionSchema),
  parts: z.array(linePartSchema),
  count: z.string(),
  unit: z.string(),
  price: z.string(),
  vipPrice: z.string(),
  total: z.string(),
  memo: z.string(),
  /** the order this line arrived with (an added order's lines keep its id) */
  orderId: z.number(),
  /** its order was cancelled: shown struck through, counted in no total */
  cancelled: z.boolean(),
});

export type OrderDishLine = z.infer<typeof orderDishLineSchema>;

/** A cancelled order of the group: when, by whom (a diner's public guid, or the restaurant), what it came to. */
export const orderCancellationSchema = z.object({
  orderId: z.number(),
  at: z.string(),
  by: z.enum(["diner", "restaurant"]),
  /** the diner who cancelled (their public guid); empty when the restaurant did */
  actorId: z.string(),
  /** the restaurant's reason, if it gave one */
  reason: z.string(),
  /** what the cancelled order came to */
  total: z.string(),
});

export type OrderCancellation = z.infer<typeof orderCancellationSchema>;

export const orderPaySchema = z.object({
  payId: z.number(),
  payType: z.string(),
  /** yuan as text, two places ('82.50'), like every other amount of the order detail */
  money: z.string(),
  paid: z.boolean(),
  /** a sandbox payment (测试) */
  test: z.boolean().optional(),
  /** paid (or being paid) by the diner asking, not a tablemate */
  mine: z.boolean(),
});

export type OrderPay = z.infer<typeof orderPaySchema>;

/**
 * Whose member benefits an order has (000 §6: a tablemate shares the card fixed by the visit, visibly);
 * here, not in member.ts, which the menu's first screen must not load with this module.
 */
export const memberUseSchema = z.object({
  cardId: z.number(),
  cardTypeName: z.string(),
  /** the card holder's phone, masked: 138****8000 */
  telPhone: z.string(),
  /** the card is the asking diner's own (false: a tablemate's, shared) */
  mine: z.boolean(),
});
export type MemberUse = z.infer<typeof memberUseSchema>;

/** The order detail (spec 001 §3). Money fields are yuan decimals as text. */
export const orderDetailSchema = z.object({
  orderId: z.number(),
  wxId: z.string(),
  mainWxId: z.string(),
  num: z.string(),
  posBillId: z.string(),
  totalPaidMoney: z.string(),
  restaurant: z.object({ restaurantId: z.number(), restaurantName: z.string() }),
  tableId: z.number(),
  tableName: z.string(),
  dishOrders: z.array(orderDishLineSchema),
  pays: z.array(orderPaySchema),
  status: z.number(),
  orderNeedMoney: z.string(),
  orderVipNeedMoney: z.string(),
  orderTotalPrice: z.string(),
  orderRecieveMoney: z.string(),
  /** what was refunded of its payments (ours) */
  orderRefundMoney: z.string(),
  orderWeChatMoney: z.string(),
  orderRedMoney: z.string(),
  orderCouponMoney: z.string(),
  orderDiscount: z.string(),
  orderServiceMoney: z.string(),
  orderWipeMoney: z.string(),
  orderSubmitTime: z.string(),
  posTime: z.string().nullable(),
  openTime: z.string(),
  eatType: eatTypeSchema,
  chargeMoney: z.string(),
  vipId: z.string(),
  paymentType: z.number(),
  foodCount: z.number(),
  prePrint: z.boolean(),
  orderDiffMoney: z.string(),
  payment: z.string(),
  payingOrderType: z.number(),
  posCancelCode: z.string(),
  cancelOrders: z.array(orderCancellationSchema),
  reserve: z
    .object({
      name: z.string(),
      phone: z.string(),
      sex: z.string(),
      num: z.number(),
      time: z.string(),
      memo: z.string(),
      address: z.string(),
    })
    .nullable(),
  takeout: z.boolean(),
  /** a takeout's delivery fee, owed with the goods and never discounted ("0.00": none; ours, issue 25) */
  deliveryFee: z.string(),
  /** 预计送达 'HH:mm' in the restaurant's zone (core's estimatedArrival), null when not a takeout (ours) */
  estimatedArrival: z.string().nullable(),
  fastSerialNo: z.string(),
  invoiceTitle: z.string(),
  personNum: z.number(),
  wholeMemo: z.string(),
  mainOrderId: z.number().nullable(),
  /** status 0 held by the restaurant's gate until a waiter confirms it: the diner sees 待确认 (ours) */
  held: z.boolean(),
  /** the mode's step (配送中, 已确认, 请取餐…), null before any; calledCount: how often the number was called */
  fulfilment: fulfilmentStepSchema.nullable(),
  calledCount: z.number(),
  /** whose member card priced the order (a tablemate's: shared, 000 §6), or null */
  member: memberUseSchema.nullable(),
});

export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** An order as a list shows it: the diner's order list, and (with more) the staff's. */
export const orderSummarySchema = z.object({
  orderId: z.number(),
  status: z.number(),
  tableName: z.string(),
  orderTotalPrice: z.string(),
  orderSubmitTime: z.string(),
  mainOrderId: z.number().nullable(),
  fastSerialNo: z.string(),
});

export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** The diner's order list (not in the spec): their orders in a restaurant, newest first. */
export const orderListSchema = z.array(orderSummarySchema);

/** A diner's cancel answers the order it cancelled. */
export const orderCancelResultSchema = z.object({ orderId: z.number() });

/** The bell's answer (table-call-waiter and table-prepay-notify): the table called. */
export const callWaiterResultSchema = z.object({ tableNo: z.number() });

export const orderDetailQuerySchema = z.object({
  rid: idSchema,
  paymentType: z.coerce.number().int().min(0).max(1).optional(),
});

export const orderIdParamSchema = z.object({ orderId: idSchema });

export const callWaiterBodySchema = z.object({
  rid: idSchema,
  tableNo: idSchema,
  model: z.string().max(40).optional(),
});
