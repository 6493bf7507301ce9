import { randomUUID } from "node:crypto";
import {
  API,
  AppError,
  type ClientMessage,
  clientMessageSchema,
  guidSchema,
  idSchema,
  MSG,
  type OpVerdict,
  PROTOCOL_VERSION,
  type ServerMessage,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import type { Db } from "../db/client.js";
import { cartState } from "../modules/cart/cart-state.js";
import { socketCart } from "../modules/cart/carts.js";
import { operate } from "../modules/cart/operate.js";
import type { Signer } from "../security/signer.js";
import { visitorOf } from "../security/visitor.js";
import { type Backplane, cartTopic, restaurantTopic } from "./hub.js";
import { OpGate } from "./op-gate.js";

const handshakeSchema = z.object({
  rid: idSchema,
  tableId: idSchema,
  sid: z.string().min(1).max(200),
  /** the app names its guid; the credential (cookie or token header) decides who acts */
  guid: guidSchema.optional(),
});

/** Policy-violation close code: the handshake named a table the visitor may not join. */
const REFUSED = 1008;
const MAX_MESSAGE_BYTES = 8 * 1024;
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** the answer to a message that found too many waiting (see OpGate) */
const BUSY = "服务器繁忙，请稍后再试";

export interface SocketDeps {
  db: Db;
  signer: Signer;
  backplane: Backplane;
  now: () => Date;
}

/**
 * Sends if open. A socket whose unsent messages pile up past MAX_BUFFERED_BYTES is not reading: it is
 * dropped rather than buffered without end, and its client reconnects and is greeted with the cart.
 */
export function send(socket: WebSocket, message: ServerMessage | string): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
  else socket.send(typeof message === "string" ? message : JSON.stringify(message));
}

/**
 * The table's socket: a visitor holding the table's signed token joins that table's cart topic only.
 * Operations are applied in the database first, then broadcast to every tablemate on any process.
 */
export function socketRoutes(app: FastifyInstance, deps: SocketDeps): void {
  const { db, signer, backplane } = deps;
  const gate = new OpGate();
  app.get(API.socket, { websocket: true }, async (socket, request) => {
    const handshake = handshakeSchema.safeParse(request.query);
    if (!handshake.success) return socket.close(REFUSED, "bad handshake");
    const { rid, tableId, sid } = handshake.data;
    const visitor = visitorOf(signer, request);
    if (!visitor || (handshake.data.guid !== undefined && handshake.data.guid !== visitor))
      return socket.close(REFUSED, "not this visitor");
    const guid: string = visitor;
    // Messages of one socket are handled in the order they arrive, those sent before the table
    // check finished included: they wait for it. Too many waiting, a message is refused at once.
    const opened = openContext(rid, tableId, sid, guid);
    const lane = gate.lane((error: unknown) => request.log.error({ err: error }, "socket message"));
    socket.on("message", (raw: Buffer) => {
      const message = parseMessage(raw);
      if (!lane.push(async () => handle(await opened, message))) {
        send(socket, refusal(message?.type === "op" ? message.opId : "", BUSY));
      }
    });
    let context: Awaited<typeof opened>;
    try {
      context = await opened;
    } catch {
      return socket.close(REFUSED, "table refused");
    }
    const { cartId } = context;
    const unsubscribes = await Promise.all([
      backplane.subscribe(cartTopic(cartId), (message) => send(socket, message)),
      backplane.subscribe(restaurantTopic(rid), (message) => send(socket, message)),
    ]);
    socket.on("close", () => {
      for (const unsubscribe of unsubscribes) void unsubscribe();
    });
    send(socket, {
      type: "hello",
      protocol: PROTOCOL_VERSION,
      guid,
      tableId,
      cart: await cartState(db, cartId),
    });

    async function handle(
      { cartId, accessType }: Awaited<typeof opened>,
      message: ClientMessage | null,
    ): Promise<void> {
      if (!message) return send(socket, refusal("", "消息格式不正确"));
      if (message.type === "sync") {
        const state = await cartState(db, cartId);
        return send(socket, {
          type: MSG.cart,
          code: 1000,
          socketId: randomUUID(),
          version: state.version,
          cart: state,
          actor: { guid, name: "" },
          clearCart: false,
        });
      }
      try {
        const outcome = await operate(deps, {
          cartId,
          guid,
          opId: message.opId,
          op: message.op,
          accessType,
        });
        send(socket, outcome.verdict);
      } catch (error) {
        // a refusal the HTTP call answers with an envelope (visit ended, not seated) is a verdict here
        if (!(error instanceof AppError)) throw error;
        send(socket, refusal(message.opId, error.message));
      }
    }
  });

  async function openContext(rid: number, tableId: number, sid: string, guid: string) {
    const { cartId, fastHotel } = await socketCart(db, signer, { rid, tableId, sid, guid });
    return { cartId, accessType: fastHotel ? ("virTable" as const) : ("realTable" as const) };
  }
}

function parseMessage(raw: Buffer): ClientMessage | null {
  if (raw.length > MAX_MESSAGE_BYTES) return null;
  const parsed = clientMessageSchema.safeParse(safeJson(String(raw)));
  return parsed.success ? parsed.data : null;
}

/** Not applied, so not recorded: the same operation id may be sent again. */
const refusal = (opId: string, message: string): OpVerdict => ({
  type: "result",
  opId,
  ok: false,
  version: -1,
  message,
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
