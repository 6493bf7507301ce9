import { type CartState, ERRORS, PROTOCOL_VERSION, type ServerMessage } from "@tablemate/core";
import { describe, expect, it } from "vitest";
import {
  cartMessage,
  dishMessage,
  helloMessage,
  noteMessage,
  opVerdict,
  orderMessage,
  orderStatusMessage,
  peopleMessage,
  refusalVerdict,
  stockMessage,
} from "../src/realtime/messages.js";

const cart: CartState = { cartId: 7, version: 4, personNum: 2, lines: [] };
const actor = { guid: "diner-0000-0001", name: "小王" };
const base = ["type", "code", "socketId", "version", "cart", "actor"];

/** The keys a client receives: what JSON.stringify sends. */
const wire = (message: ServerMessage) => Object.keys(JSON.parse(JSON.stringify(message))).sort();

// The wire fields of each message, as the web app and the end-to-end tests read them (spec 000 §7).
describe("one builder per table message", () => {
  it.each([
    [
      "type 1, a dish line",
      dishMessage(cart, actor, "op-0001", {
        value: "2",
        inc: "1",
        foodId: 3,
        detail: "3__",
        normId: null,
        methodId: "",
        batch: [],
        Weigh: false,
        accessType: "realTable",
      }),
      [
        ...base,
        "opId",
        "value",
        "inc",
        "foodId",
        "detail",
        "normId",
        "methodId",
        "batch",
        "Weigh",
        "accessType",
      ],
    ],
    ["type 3, an order", orderMessage(cart, actor.guid, 12), [...base, "status", "userId", "orderId"]],
    [
      "type 11, a note",
      noteMessage(cart, actor, "op-0002", "3__", "少辣"),
      [...base, "opId", "detail", "memo"],
    ],
    [
      "type 12, an order's status",
      orderStatusMessage(cart, "staff", 12, 7),
      [...base, "status", "userId", "orderId"],
    ],
    ["type 14, a clear", cartMessage(cart, actor, true, "op-0003"), [...base, "opId", "clearCart"]],
    ["type 14, a sync's answer", cartMessage(cart, actor, false), [...base, "clearCart"]],
    ["type 30, the diner count", peopleMessage(cart, actor, "op-0004", 3), [...base, "opId", "personNum"]],
    [
      "type 20, stock",
      stockMessage(1, [{ foodId: 3, sum: 0 }]),
      ["type", "code", "socketId", "restaurantId", "value"],
    ],
    ["hello", helloMessage(actor.guid, 5, cart), ["type", "protocol", "guid", "tableId", "cart"]],
    ["a verdict", opVerdict("op-0005", true, 5, ""), ["type", "opId", "ok", "version", "message"]],
    [
      "the socket's refusal",
      refusalVerdict("op-0006", "busy"),
      ["type", "opId", "ok", "version", "message", "code"],
    ],
  ])("builds %s with exactly its wire fields", (_name, message, keys) => {
    expect(wire(message)).toEqual([...keys].sort());
  });

  it("gives each broadcast the cart's version, a fresh socket id and the spec's code", () => {
    const a = noteMessage(cart, actor, "op-0007", "3__", "");
    const b = noteMessage(cart, actor, "op-0007", "3__", "");
    expect([a.type, a.code, a.version, a.cart]).toEqual([11, 1000, 4, cart]);
    expect(a.socketId).not.toBe(b.socketId);
    expect(orderMessage(cart, actor.guid, 12)).toMatchObject({
      type: 3,
      status: 1,
      userId: actor.guid,
      actor: { guid: actor.guid, name: "" },
    });
    expect(orderStatusMessage(cart, "staff", 12, 7)).toMatchObject({ type: 12, status: 7, userId: "staff" });
  });

  it("announces core's protocol version, and refuses with the error table's entry", () => {
    expect(helloMessage(actor.guid, 5, cart).protocol).toBe(PROTOCOL_VERSION);
    expect(refusalVerdict("op-0008", "badText")).toEqual({
      type: "result",
      opId: "op-0008",
      ok: false,
      version: -1,
      message: ERRORS.badText.message,
      code: ERRORS.badText.code,
    });
  });
});
