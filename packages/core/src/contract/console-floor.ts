import { z } from "zod";
import { TABLE_STATES } from "../staff/floor-state.js";
import { idSchema } from "./common.js";
import { approvalSchema } from "./console-staff.js";
import { fulfilmentStepSchema, lineAdditionSchema, linePartSchema } from "./order.js";
import { cartOpSchema, opIdSchema, opVerdictSchema } from "./realtime.js";
import { orderEventViewSchema } from "./staff.js";

/*
 * The floor (issue 17, "Floor and orders"): the staff console's calls and socket messages for tables,
 * their visits, orders and waiter calls. Requests are parsed with these on the server; responses are
 * built to these types and the console's client infers its types from them.
 */

// ---------------------------------------------------------------------------------------------------
// Requests

export const consoleTableParamSchema = z.object({ rid: idSchema, tableId: idSchema });
export const consoleOrderParamSchema = z.object({ rid: idSchema, orderId: idSchema });
export const consoleLineParamSchema = z.object({ rid: idSchema, lineId: idSchema });
export const consoleCallParamSchema = z.object({ rid: idSchema, callId: idSchema });

const reasonSchema = z.string().trim().min(1, "请填写原因").max(60, "原因不能超过60个字");

/** Accept, serve, acknowledge, seat: no fields needed (an empty JSON body or none). */
export const emptyActionSchema = z.object({}).strict().optional();

export const cancelOrderBodySchema = z
  .object({ reason: reasonSchema, approval: approvalSchema.optional() })
  .strict();

/** A fulfilment step (配送中, 已送达, 确认 or 拒绝 a reservation, 叫号) for one order. */
export const fulfilmentBodySchema = z.object({ to: fulfilmentStepSchema }).strict();

/** Its answer: the order, its status (a declined reservation is cancelled), step and calls. */
export const fulfilmentResultSchema = z.object({
  orderId: z.number(),
  status: z.number(),
  fulfilment: fulfilmentStepSchema,
  calledCount: z.number(),
});
export type FulfilmentResult = z.infer<typeof fulfilmentResultSchema>;

export const compLineBodySchema = z
  .object({ reason: reasonSchema, approval: approvalSchema.optional() })
  .strict();

export const voidLineBodySchema = z
  .object({ reason: reasonSchema, approval: approvalSchema.optional() })
  .strict();

export const reverseSettleBodySchema = z
  .object({ reason: reasonSchema, approval: approvalSchema.optional() })
  .strict();

export const seatTableBodySchema = z
  .object({ personNum: z.number().int().min(1).max(99).optional() })
  .strict()
  .optional();

/** A waiter's operation on a table's shared cart: the same operations the diners send. */
export const staffCartOpBodySchema = z.object({ opId: opIdSchema, op: cartOpSchema }).strict();

/** A waiter submits the table's shared cart; `submitId` makes a repeated submit the same order. */
export const staffSubmitBodySchema = z
  .object({
    submitId: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/),
    wholeMemo: z.string().max(32).default(""),
    /** the party's size, where the table has none yet and the restaurant needs one */
    personNum: z.number().int().min(1).max(99).optional(),
  })
  .strict();

const amountSchema = z
  .string()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, "金额格式不正确")
  .nullable();

/** The gate's rules as stored (restaurants.gate_rules) and as the settings call reads and writes them. */
export const gateRulesSchema = z
  .object({
    unseatedPayLater: z.boolean().default(false),
    overAmount: amountSchema.default(null),
    cancelledToday: z.boolean().default(false),
  })
  .strict();

// ---------------------------------------------------------------------------------------------------
// Responses

export const tableStateSchema = z.enum(TABLE_STATES);

export const waiterCallViewSchema = z.object({
  callId: z.number(),
  tableId: z.number(),
  kind: z.enum(["call", "prepay"]),
  at: z.string(),
});
export type WaiterCallView = z.infer<typeof waiterCallViewSchema>;

/** One table card of the floor. */
export const floorTableSchema = z.object({
  tableId: z.number(),
  name: z.string(),
  tableType: z.number(),
  state: tableStateSchema,
  visitId: z.number().nullable(),
  openedAt: z.string().nullable(),
  minutesSeated: z.number().nullable(),
  /** the diner count the table was given (0: none) */
  personNum: z.number(),
  /** diners who scanned in */
  diners: z.number(),
  cartLines: z.number(),
  openOrders: z.number(),
  /** open orders nobody on the staff has taken yet (status 0): the "new" badge */
  newOrders: z.number(),
  /** orders the gate holds for a waiter's confirmation */
  heldOrders: z.number(),
  calls: z.array(waiterCallViewSchema),
  /** the open orders' total as ordered (before discounts), yuan */
  total: z.string(),
  /** what the open orders have been paid so far (whole payments, stored value, bill shares), yuan */
  paidTotal: z.string(),
  /** nothing is left to pay for the open orders, and they were paid for (settlement's groupAccount) */
  paid: z.boolean(),
});
export type FloorTable = z.infer<typeof floorTableSchema>;

export const floorSchema = z.object({ now: z.string(), tables: z.array(floorTableSchema) });
export type Floor = z.infer<typeof floorSchema>;

/** Who put a line in the cart: a diner (guid, short name) or a staff member. */
export const lineAuthorSchema = z.object({
  kind: z.enum(["diner", "staff", "unknown"]),
  id: z.string(),
  name: z.string(),
});

export const consoleLineSchema = z.object({
  lineId: z.number(),
  foodId: z.number(),
  name: z.string(),
  unit: z.string(),
  normName: z.string(),
  methodNames: z.array(z.string()),
  additions: z.array(lineAdditionSchema),
  parts: z.array(linePartSchema),
  /** decimal text: a weighed dish's quantity in its unit */
  count: z.string(),
  weighed: z.boolean(),
  unitPrice: z.string(),
  total: z.string(),
  memo: z.string(),
  addedBy: lineAuthorSchema,
  comped: z.object({ by: z.string(), reason: z.string(), at: z.string() }).nullable(),
  /** voided (退菜): who, why, when; the order's total no longer counts it */
  voided: z.object({ by: z.string(), reason: z.string(), at: z.string() }).nullable(),
});
export type ConsoleLine = z.infer<typeof consoleLineSchema>;

export const contactSchema = z.object({
  name: z.string(),
  phone: z.string(),
  sex: z.string(),
  num: z.number(),
  time: z.string(),
  memo: z.string(),
  address: z.string(),
});

export const consoleOrderSchema = z.object({
  orderId: z.number(),
  tableId: z.number(),
  tableName: z.string(),
  status: z.number(),
  /** waiting at the gate for a waiter's confirmation (status 0) */
  held: z.boolean(),
  gateReasons: z.array(z.enum(["unseatedPayLater", "overAmount", "cancelledToday"])),
  mainOrderId: z.number().nullable(),
  paymentType: z.number(),
  eatType: z.enum(["dine", "fast", "takeout", "reserve"]),
  personNum: z.number(),
  fastSerialNo: z.string(),
  /** the mode's step (core's fulfilment.ts) and how often its pick-up number was called */
  fulfilment: fulfilmentStepSchema.nullable(),
  calledCount: z.number(),
  wholeMemo: z.string(),
  /** takeout and reservation contact */
  contact: contactSchema.nullable(),
  total: z.string(),
  /** the staff list's names of the total and the submit time (core's staffOrderSchema), kept */
  orderTotalPrice: z.string(),
  orderSubmitTime: z.string(),
  /** the comped lines' sum: what the table does not pay */
  comped: z.string(),
  createdAt: z.string(),
  posTime: z.string().nullable(),
  placedBy: lineAuthorSchema,
  lines: z.array(consoleLineSchema),
  /** the staff list's status changes, each with its note (a cancel's reason) */
  events: z.array(orderEventViewSchema.extend({ note: z.string() })),
});
export type ConsoleOrder = z.infer<typeof consoleOrderSchema>;

export const cartLineViewSchema = z.object({
  detailId: z.string(),
  foodId: z.number(),
  name: z.string(),
  count: z.string(),
  memo: z.string(),
  addedBy: lineAuthorSchema,
});

export const tableDetailSchema = z.object({
  table: floorTableSchema,
  /** what the visit's shared cart holds now (not yet ordered) */
  cart: z.object({ cartId: z.number(), version: z.number(), lines: z.array(cartLineViewSchema) }).nullable(),
  orders: z.array(consoleOrderSchema),
  /** the open orders' totals: ordered (comped lines too), comped, due (what the diners' phones say is left to pay) */
  totals: z.object({ ordered: z.string(), comped: z.string(), due: z.string() }),
});
export type TableDetail = z.infer<typeof tableDetailSchema>;

/** The staff's order list (API.staffOrders): newest first, with lines. */
export const consoleOrdersSchema = z.array(consoleOrderSchema);

// ---------------------------------------------------------------------------------------------------
// The console socket (`/console/ws?rid=`): every message is `{topic, type, ...}`.

export const STAFF_TOPICS = ["floor", "kitchen"] as const;
export type StaffTopic = (typeof STAFF_TOPICS)[number];

export const floorEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("orderPlaced"),
    orderId: z.number(),
    tableId: z.number(),
    mainOrderId: z.number().nullable(),
    held: z.boolean(),
    total: z.string(),
    at: z.string(),
  }),
  z.object({
    type: z.literal("orderStatus"),
    orderId: z.number(),
    tableId: z.number(),
    status: z.number(),
    actor: z.string(),
  }),
  z.object({
    type: z.literal("waiterCall"),
    callId: z.number(),
    tableId: z.number(),
    kind: z.enum(["call", "prepay"]),
    at: z.string(),
  }),
  z.object({ type: z.literal("callAcked"), callId: z.number(), tableId: z.number(), by: z.string() }),
  z.object({
    type: z.literal("table"),
    tableId: z.number(),
    change: z.enum(["seated", "cart", "settled", "cleared", "reopened", "lineComped", "lineVoided", "paid"]),
  }),
]);
export type FloorEvent = z.infer<typeof floorEventSchema>;

/** The kitchen topic's messages are the kitchen module's; the socket only checks their shape. */
export const kitchenEventSchema = z.object({ type: z.string() }).passthrough();
export type KitchenEvent = z.infer<typeof kitchenEventSchema>;

export interface StaffTopicEvents {
  floor: FloorEvent;
  kitchen: KitchenEvent;
}

export const consoleSocketMessageSchema = z.union([
  z.object({ topic: z.literal("console"), type: z.literal("hello"), topics: z.array(z.enum(STAFF_TOPICS)) }),
  floorEventSchema.and(z.object({ topic: z.literal("floor") })),
  kitchenEventSchema.and(z.object({ topic: z.literal("kitchen") })),
]);
export type ConsoleSocketMessage = z.infer<typeof consoleSocketMessageSchema>;

/** The console socket's query: which restaurant. */
export const consoleSocketQuerySchema = z.object({ rid: idSchema });

export const orderMovedSchema = z.object({ orderId: z.number(), status: z.number() });
export const callAckedSchema = z.object({ callId: z.number(), tableId: z.number() });

/** POST …/lines/:lineId/comp: the line given free, and its order. */
export const lineCompedSchema = z.object({ lineId: z.number(), orderId: z.number() });
/** POST …/lines/:lineId/void (退菜): the line, its order and the order's total after it. */
export const lineVoidedSchema = z.object({ lineId: z.number(), orderId: z.number(), total: z.string() });
/** POST …/tables/:tableId/reverse-settle: the table and the orders reopened. */
export const settleReversedSchema = z.object({ tableId: z.number(), orderIds: z.array(z.number()) });
/** POST …/tables/:tableId/seat: the table and its visit (opened, or the one already open). */
export const tableSeatedSchema = z.object({ tableId: z.number(), visitId: z.number() });
/** POST …/tables/:tableId/cart-ops: a waiter's cart operation's verdict and the visit's cart. */
export const staffCartOpAnswerSchema = z.object({ verdict: opVerdictSchema, cartId: z.number() });
