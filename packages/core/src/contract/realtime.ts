import { z } from "zod";
import type { CartLine } from "../cart.js";

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

export interface CartState {
  cartId: number;
  version: number;
  personNum: number;
  lines: CartLine[];
}

/**
 * The answer to each message the client sends: applied at `version`, or refused with a message. A
 * refusal by the rules keeps the cart's version; the socket's own refusals (malformed, bad text, too
 * many waiting, failed while handled) have version -1, are not recorded, and carry their entry's
 * `code` from core's error table.
 */
export interface OpVerdict {
  type: "result";
  opId: string;
  ok: boolean;
  version: number;
  message: string;
  code?: number;
}

/**
 * What every broadcast to the table carries besides its type's fields: the spec's code, a unique id,
 * the whole cart at its new version, and who caused it.
 */
interface TableMessageBase {
  code: 1000;
  /** unique per message: clients drop duplicates by it */
  socketId: string;
  version: number;
  cart: CartState;
  actor: { guid: string; name: string };
}

/** Type 1: a dish line changed (add, minus, set), with the spec's fields of the line. */
export interface DishMessage extends TableMessageBase {
  type: typeof MSG.dish;
  /** the operation that caused it, so its sender settles it whether this or the verdict comes first */
  opId: string;
  /** the line's count now, and by how much it changed */
  value: string;
  inc: string;
  /** the changed line's dish and detail id (absent when no line changed: a set to the same count) */
  foodId?: number;
  detail?: string;
  normId: number | null;
  /** the line's method ids joined with & */
  methodId: string;
  batch: Array<{ id: number; ordered: number }>;
  Weigh: boolean;
  accessType: "realTable" | "virTable";
}

/** Type 3: a tablemate placed an order; the cart is emptied. */
export interface OrderMessage extends TableMessageBase {
  type: typeof MSG.order;
  orderId: number;
  status: number;
  /** the diner who placed it (the order's mainWxId) */
  userId: string;
}

/** Type 11: a line's note changed. */
export interface NoteMessage extends TableMessageBase {
  type: typeof MSG.note;
  opId: string;
  detail: string;
  memo: string;
}

/** Type 12: an order's status moved (staff, or a diner's cancel). */
export interface OrderStatusMessage extends TableMessageBase {
  type: typeof MSG.orderStatus;
  orderId: number;
  status: number;
  /** who moved it */
  userId: string;
}

/** Type 14: the whole cart; `clearCart` when a diner emptied it, else the answer to a sync. */
export interface CartMessage extends TableMessageBase {
  type: typeof MSG.cart;
  clearCart: boolean;
  /** the clear that caused it (a sync's answer has none) */
  opId?: string;
}

/** Type 30: the table's diner count changed. */
export interface PeopleMessage extends TableMessageBase {
  type: typeof MSG.people;
  opId: string;
  personNum: number;
}

/** A broadcast to the table: the spec's type and fields, plus the whole cart at its new version. */
export type TableMessage =
  | DishMessage
  | OrderMessage
  | NoteMessage
  | OrderStatusMessage
  | CartMessage
  | PeopleMessage;

/** Type 20: stock changed in the restaurant (sent to all its diners). */
export interface StockMessage {
  type: typeof MSG.stock;
  code: 1000;
  socketId: string;
  restaurantId: number;
  value: Array<{ foodId: number; sum: number }>;
  /** additions whose stock the console changed (or whose snooze lifted): as the sell-out call's additions */
  additions?: Array<{ additionId: number; sum: number }>;
}

/** The server's first message on a socket: the protocol version it speaks, and the cart. */
export interface HelloMessage {
  type: "hello";
  /** PROTOCOL_VERSION of the server; a client that speaks another must not use the socket */
  protocol: number;
  guid: string;
  tableId: number;
  cart: CartState;
}

/** Everything the server sends on the table socket, told apart by `type`. */
export type ServerMessage = HelloMessage | OpVerdict | TableMessage | StockMessage;

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
