import { z } from "zod";
import { dishStockSchema } from "./menu.js";
import { accessTypeSchema } from "./table.js";

/**
 * The table socket's protocol (spec 000 §4, §7; STYLE 5). A client sends operations with its own
 * operation id; the server answers the sender with a verdict and broadcasts the table's new cart,
 * versioned, to every tablemate. Clients apply only what is newer than what they hold.
 */
export const PROTOCOL_VERSION = 1;

/** Spec message types. */
export const MSG = {
  dish: 1,
  order: 3,
  note: 11,
  orderStatus: 12,
  cart: 14,
  stock: 20,
  people: 30,
  /** ours: a waiter acknowledged the table's call (the diner's bell is released) */
  waiterAnswered: 40,
} as const;

/** The most of one add-on or combo part a line may hold. */
export const MAX_CHOICE_COUNT = 99;

const count = z.string().regex(/^\d{1,4}(\.\d{1,3})?$/, "数量不正确");
const id = z.number().int().positive().max(2_147_483_647);
const detail = z.string().min(3).max(400);

export const lineChoiceSchema = z.object({
  normId: id.nullable(),
  methodIds: z.array(id).max(20).readonly(),
  additions: z
    .array(z.object({ id, count: z.number().int().min(1).max(MAX_CHOICE_COUNT) }))
    .max(30)
    .readonly(),
  parts: z
    .array(z.object({ itemId: id, count: z.number().int().min(1).max(MAX_CHOICE_COUNT) }))
    .max(30)
    .readonly(),
});

export const cartOpSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("add"), foodId: id, choice: lineChoiceSchema }),
  z.object({ kind: z.literal("minus"), detailId: detail }),
  z.object({ kind: z.literal("set"), detailId: detail, count }),
  z.object({ kind: z.literal("note"), detailId: detail, memo: z.string().max(200) }),
  z.object({ kind: z.literal("clear") }),
  z.object({ kind: z.literal("personNum"), personNum: z.number().int().min(1).max(99) }),
]);

export type TableOp = z.infer<typeof cartOpSchema>;

export const opIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, "opId 格式不正确");

export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("op"), opId: opIdSchema, op: cartOpSchema }),
  z.object({ type: z.literal("sync") }),
]);

export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** A cart line as it travels: the choice, its detail id, dish, count (decimal text) and note (core's CartLine). */
export const cartLineSchema = z.object({
  normId: z.number().nullable(),
  methodIds: z.array(z.number()).readonly(),
  additions: z.array(z.object({ id: z.number(), count: z.number() })).readonly(),
  parts: z.array(z.object({ itemId: z.number(), count: z.number() })).readonly(),
  detailId: z.string(),
  foodId: z.number(),
  /** decimal text: weighed dishes take exact decimal quantities */
  count: z.string(),
  memo: z.string(),
});

/**
 * A cart line as tablemates are shown it (cart.line-fields, spec 000 §3): the line with the spec's
 * fields besides, from core's tableLine: Weigh, methodId (the method ids), price and vipPrice (one
 * unit as the register prices it; vipPrice null without a member price; 0.0001 a market price; both
 * null for a dish gone from the menu), detail (a combo's parts as foodId@itemId, with their count),
 * batch (the additions as id and ordered) and comment (the memo).
 */
export const tableCartLineSchema = cartLineSchema.extend({
  Weigh: z.boolean(),
  methodId: z.array(z.number()),
  price: z.number().nullable(),
  vipPrice: z.number().nullable(),
  detail: z.array(z.object({ id: z.string(), itemId: z.number(), count: z.number() })),
  batch: z.array(z.object({ id: z.number(), ordered: z.number() })),
  comment: z.string(),
});

export type TableCartLine = z.infer<typeof tableCartLineSchema>;

export const cartStateSchema = z.object({
  cartId: z.number(),
  version: z.number(),
  personNum: z.number(),
  lines: z.array(tableCartLineSchema),
});

export type CartState = z.infer<typeof cartStateSchema>;

/**
 * The answer to each message the client sends: applied at `version`, or refused with a message. A
 * refusal by the rules keeps the cart's version; the socket's own refusals (malformed, bad text, too
 * many waiting, failed while handled) have version -1, are not recorded, and carry their entry's
 * `code` from core's error table.
 */
export const opVerdictSchema = z.object({
  type: z.literal("result"),
  opId: z.string(),
  ok: z.boolean(),
  version: z.number(),
  message: z.string(),
  code: z.number().optional(),
});

export type OpVerdict = z.infer<typeof opVerdictSchema>;

/** Who caused a table message: a diner (with the name tablemates see), or the staff. */
export const actorSchema = z.object({ guid: z.string(), name: z.string() });

export type Actor = z.infer<typeof actorSchema>;

/**
 * What every broadcast to the table carries besides its type's fields: the spec's code, a unique id,
 * the whole cart at its new version, and who caused it.
 */
const tableMessageBaseSchema = z.object({
  code: z.literal(1000),
  /** unique per message: clients drop duplicates by it */
  socketId: z.string(),
  version: z.number(),
  cart: cartStateSchema,
  actor: actorSchema,
});

/** Type 1: a dish line changed (add, minus, set), with the spec's fields of the line. */
export const dishMessageSchema = tableMessageBaseSchema.extend({
  type: z.literal(MSG.dish),
  /** the operation that caused it, so its sender settles it whether this or the verdict comes first */
  opId: z.string(),
  /** the line's count now, and by how much it changed */
  value: z.string(),
  inc: z.string(),
  /** the changed line's dish and detail id (absent when no line changed: a set to the same count) */
  foodId: z.number().optional(),
  detail: z.string().optional(),
  normId: z.number().nullable(),
  /** the line's method ids joined with & */
  methodId: z.string(),
  batch: z.array(z.object({ id: z.number(), ordered: z.number() })),
  Weigh: z.boolean(),
  accessType: accessTypeSchema,
});

export type DishMessage = z.infer<typeof dishMessageSchema>;

/** Type 3: a tablemate placed an order; the cart is emptied. */
export const orderMessageSchema = tableMessageBaseSchema.extend({
  type: z.literal(MSG.order),
  orderId: z.number(),
  status: z.number(),
  /** the diner who placed it (the order's mainWxId) */
  userId: z.string(),
});

export type OrderMessage = z.infer<typeof orderMessageSchema>;

/** Type 11: a line's note changed. */
export const noteMessageSchema = tableMessageBaseSchema.extend({
  type: z.literal(MSG.note),
  opId: z.string(),
  detail: z.string(),
  memo: z.string(),
});

export type NoteMessage = z.infer<typeof noteMessageSchema>;

/** Type 12: an order's status moved (staff, or a diner's cancel). */
export const orderStatusMessageSchema = tableMessageBaseSchema.extend({
  type: z.literal(MSG.orderStatus),
  orderId: z.number(),
  status: z.number(),
  /** who moved it */
  userId: z.string(),
});

export type OrderStatusMessage = z.infer<typeof orderStatusMessageSchema>;

/** Type 14: the whole cart; `clearCart` when a diner emptied it, else the answer to a sync. */
export const cartMessageSchema = tableMessageBaseSchema.extend({
  type: z.literal(MSG.cart),
  clearCart: z.boolean(),
  /** the clear that caused it (a sync's answer has none) */
  opId: z.string().optional(),
});

export type CartMessage = z.infer<typeof cartMessageSchema>;

/** Type 30: the table's diner count changed. */
export const peopleMessageSchema = tableMessageBaseSchema.extend({
  type: z.literal(MSG.people),
  opId: z.string(),
  personNum: z.number(),
});

export type PeopleMessage = z.infer<typeof peopleMessageSchema>;

/** A broadcast to the table: the spec's type and fields, plus the whole cart at its new version. */
export type TableMessage =
  | DishMessage
  | OrderMessage
  | NoteMessage
  | OrderStatusMessage
  | CartMessage
  | PeopleMessage;

/** Type 20: stock changed in the restaurant (sent to all its diners). */
export const stockMessageSchema = z.object({
  type: z.literal(MSG.stock),
  code: z.literal(1000),
  socketId: z.string(),
  restaurantId: z.number(),
  value: z.array(dishStockSchema),
  /** additions whose stock the console changed (or whose snooze lifted): as the sell-out call's additions */
  additions: z.array(z.object({ additionId: z.number(), sum: z.number() })).optional(),
});

export type StockMessage = z.infer<typeof stockMessageSchema>;

/** The server's first message on a socket: the protocol version it speaks, and the cart. */
export const helloMessageSchema = z.object({
  type: z.literal("hello"),
  /** PROTOCOL_VERSION of the server; a client that speaks another must not use the socket */
  protocol: z.number(),
  guid: z.string(),
  tableId: z.number(),
  cart: cartStateSchema,
});

export type HelloMessage = z.infer<typeof helloMessageSchema>;

/** Type 40 (ours): a waiter acknowledged a call of this table; the diners' bell may ring again. */
export const waiterAnsweredMessageSchema = z.object({
  type: z.literal(MSG.waiterAnswered),
  code: z.literal(1000),
  socketId: z.string(),
  tableId: z.number(),
  callId: z.number(),
});

export type WaiterAnsweredMessage = z.infer<typeof waiterAnsweredMessageSchema>;

/** Everything the server sends on the table socket, told apart by `type`. */
export const serverMessageSchema = z.discriminatedUnion("type", [
  helloMessageSchema,
  opVerdictSchema,
  dishMessageSchema,
  orderMessageSchema,
  noteMessageSchema,
  orderStatusMessageSchema,
  cartMessageSchema,
  peopleMessageSchema,
  stockMessageSchema,
  waiterAnsweredMessageSchema,
]);

export type ServerMessage = HelloMessage | OpVerdict | TableMessage | StockMessage | WaiterAnsweredMessage;

/** The cart operation call's answer over HTTP: the verdict, and the cart as it now is. */
export const cartOpResultSchema = z.object({ verdict: opVerdictSchema, cart: cartStateSchema });

const signedCart = {
  rid: z.coerce.number().int().positive(),
  cartId: z.coerce.number().int().positive(),
  cartIdSign: z.string().min(1).max(200),
};

export const cartInfoQuerySchema = z.object(signedCart);

/** The op travels as JSON text in a form body, or as an object in a JSON body. */
export const cartOpsBodySchema = z.object({
  ...signedCart,
  guid: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  opId: opIdSchema,
  op: z.preprocess((value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, cartOpSchema),
});
