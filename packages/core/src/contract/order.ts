import { z } from "zod";
import { parseDateTime } from "../dates.js";
import { flagSchema, guidSchema, idSchema } from "./common.js";
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
});

export type OrderPayload = z.infer<typeof orderPayloadSchema>;

/** The submit call's form (spec 000 §7): `data` is the order as JSON text. */
export const submitBodySchema = z.object({
  data: z.string().min(2).max(200_000),
  isNewVersion: flagSchema.optional(),
  token: z.string().max(200).optional(),
  smToken: z.string().max(500).optional(),
});

export interface SubmitResult {
  orderId: number;
  mainWxId: string;
  realTableId: number;
}

/** Why a submit was refused for stock: each short dish, and what is left (2000, 3000). */
export interface Shortage {
  foodId: number;
  name: string;
  left: number;
  isCombo: boolean;
}

export interface OrderDishLine {
  id: number;
  foodId: number;
  dishesName: string;
  detailId: string;
  normName: string;
  methodNames: string[];
  additions: Array<{ id: number; name: string; count: number }>;
  parts: Array<{ itemId: number; name: string; count: number }>;
  count: string;
  unit: string;
  price: string;
  vipPrice: string;
  total: string;
  memo: string;
  /** the order this line arrived with (an added order's lines keep its id) */
  orderId: number;
  /** its order was cancelled: shown struck through, counted in no total */
  cancelled: boolean;
}

/** A cancelled order of the group: when, by whom (a diner's public guid, or the restaurant), what it came to. */
export interface OrderCancellation {
  orderId: number;
  at: string;
  by: "diner" | "restaurant";
  /** the diner who cancelled (their public guid); empty when the restaurant did */
  actorId: string;
  /** the restaurant's reason, if it gave one */
  reason: string;
  /** what the cancelled order came to */
  total: string;
}

export interface OrderPay {
  payId: number;
  payType: string;
  money: number;
  paid: boolean;
}

/** The order detail (spec 001 §3). Money fields are yuan decimals as text. */
export interface OrderDetail {
  orderId: number;
  wxId: string;
  mainWxId: string;
  num: string;
  posBillId: string;
  totalPaidMoney: string;
  restaurant: { restaurantId: number; restaurantName: string };
  tableId: number;
  tableName: string;
  dishOrders: OrderDishLine[];
  pays: OrderPay[];
  status: number;
  orderNeedMoney: string;
  orderVipNeedMoney: string;
  orderTotalPrice: string;
  orderRecieveMoney: string;
  orderWeChatMoney: string;
  orderRedMoney: string;
  orderCouponMoney: string;
  orderDiscount: string;
  orderServiceMoney: string;
  orderWipeMoney: string;
  orderSubmitTime: string;
  posTime: string | null;
  openTime: string;
  eatType: "dine" | "fast" | "takeout" | "reserve";
  chargeMoney: string;
  vipId: string;
  paymentType: number;
  foodCount: number;
  prePrint: boolean;
  orderDiffMoney: string;
  payment: string;
  payingOrderType: number;
  posCancelCode: string;
  cancelOrders: OrderCancellation[];
  reserve: {
    name: string;
    phone: string;
    sex: string;
    num: number;
    time: string;
    memo: string;
    address: string;
  } | null;
  takeout: boolean;
  fastSerialNo: string;
  invoiceTitle: string;
  personNum: number;
  wholeMemo: string;
  mainOrderId: number | null;
  /** status 0 held by the restaurant's gate until a waiter confirms it: the diner sees 待确认 (ours) */
  held: boolean;
}

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
