import { randomUUID } from "node:crypto";
import {
  type Actor,
  type CartMessage,
  type CartState,
  type DishMessage,
  ERRORS,
  type ErrorKey,
  type HelloMessage,
  MSG,
  type NoteMessage,
  type OpVerdict,
  type OrderMessage,
  type OrderStatusMessage,
  type PeopleMessage,
  PROTOCOL_VERSION,
  type StockMessage,
  type WaiterAnsweredMessage,
} from "@tablemate/core";

/*
 * One builder per message of the table socket (STYLE 18), from core's union: every sender builds its
 * message here, so each type's fields are listed once. Literals only, no spread: the cart operation's
 * messages are on the hot path (ARCHITECTURE.md, "No object spread that adds keys on hot paths").
 */

/** The socket's first message: the protocol the server speaks, and the cart as it is. */
export function helloMessage(guid: string, tableId: number, cart: CartState): HelloMessage {
  return { type: "hello", protocol: PROTOCOL_VERSION, guid, tableId, cart };
}

/** The answer to an operation: applied at `version`, or refused by the cart's rules with a message. */
export function opVerdict(opId: string, ok: boolean, version: number, message: string): OpVerdict {
  return { type: "result", opId, ok, version, message };
}

/** The socket's own refusal, an entry of core's error table: not applied, not recorded (version -1). */
export function refusalVerdict(
  opId: string,
  key: ErrorKey,
  message: string = ERRORS[key].message,
): OpVerdict {
  return { type: "result", opId, ok: false, version: -1, message, code: ERRORS[key].code };
}

/** A dish line's change, in the spec's type 1 fields (core's DishMessage says which). */
export type DishChange = Pick<
  DishMessage,
  "value" | "inc" | "foodId" | "detail" | "normId" | "methodId" | "batch" | "Weigh" | "accessType"
>;

export function dishMessage(cart: CartState, actor: Actor, opId: string, change: DishChange): DishMessage {
  return {
    type: MSG.dish,
    code: 1000,
    socketId: randomUUID(),
    version: cart.version,
    cart,
    actor,
    opId,
    value: change.value,
    inc: change.inc,
    foodId: change.foodId,
    detail: change.detail,
    normId: change.normId,
    methodId: change.methodId,
    batch: change.batch,
    Weigh: change.Weigh,
    accessType: change.accessType,
  };
}

export function noteMessage(
  cart: CartState,
  actor: Actor,
  opId: string,
  detail: string,
  memo: string,
): NoteMessage {
  return {
    type: MSG.note,
    code: 1000,
    socketId: randomUUID(),
    version: cart.version,
    cart,
    actor,
    opId,
    detail,
    memo,
  };
}

/** Type 14: a diner's clear (`clearCart`, with its op id), or the answer to a sync (neither). */
export function cartMessage(cart: CartState, actor: Actor, clearCart: boolean, opId?: string): CartMessage {
  return {
    type: MSG.cart,
    code: 1000,
    socketId: randomUUID(),
    version: cart.version,
    cart,
    actor,
    opId,
    clearCart,
  };
}

export function peopleMessage(cart: CartState, actor: Actor, opId: string, personNum: number): PeopleMessage {
  return {
    type: MSG.people,
    code: 1000,
    socketId: randomUUID(),
    version: cart.version,
    cart,
    actor,
    opId,
    personNum,
  };
}

/** Type 3: `guid` placed order `orderId`; the cart is the emptied one. */
export function orderMessage(cart: CartState, guid: string, orderId: number): OrderMessage {
  return {
    type: MSG.order,
    code: 1000,
    socketId: randomUUID(),
    version: cart.version,
    cart,
    actor: { guid, name: "" },
    // as the spec's type 3 shows it
    status: 1,
    userId: guid,
    orderId,
  };
}

/** Type 12: `actor` (a diner's guid, or `staff:…`) moved order `orderId` to `status`. */
export function orderStatusMessage(
  cart: CartState,
  actor: string,
  orderId: number,
  status: number,
): OrderStatusMessage {
  return {
    type: MSG.orderStatus,
    code: 1000,
    socketId: randomUUID(),
    version: cart.version,
    cart,
    actor: { guid: actor, name: "" },
    status,
    userId: actor,
    orderId,
  };
}

/** Type 20: the restaurant's limited dishes' new stock. */
export function stockMessage(
  restaurantId: number,
  value: Array<{ foodId: number; sum: number }>,
): StockMessage {
  return { type: MSG.stock, code: 1000, socketId: randomUUID(), restaurantId, value };
}

/** Type 40 (ours): a waiter acknowledged call `callId` of the table; the diners' bell is released. */
export function waiterAnsweredMessage(tableId: number, callId: number): WaiterAnsweredMessage {
  return { type: MSG.waiterAnswered, code: 1000, socketId: randomUUID(), tableId, callId };
}
