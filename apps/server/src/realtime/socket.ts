import {
  API,
  AppError,
  type ClientMessage,
  clientMessageSchema,
  findBadText,
  guidSchema,
  idSchema,
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
import type { CatchUp } from "./catch-up.js";
import { type Backplane, cartTopic, restaurantTopic } from "./hub.js";
import { cartMessage, helloMessage, refusalVerdict } from "./messages.js";
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
/**
 * The largest message a client may send. buildApp gives it to ws as `maxPayload`, so a larger frame
 * closes the socket (1009) as soon as its header announces the length: ws never buffers it.
 */
export const MAX_MESSAGE_BYTES = 8 * 1024;
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface SocketDeps {
  db: Db;
  signer: Signer;
  backplane: Backplane;
  now: () => Date;
  /** the backplane's return: each socket is greeted again with its cart as it is now */
  catchUp: CatchUp;
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
export function socketRoutes(app: FastifyInstance, deps: SocketDeps): { idle: () => Promise<void> } {
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
    // Every message gets a verdict: applied or refused by the rules, malformed, too many waiting,
    // or failed while handled (logged); an operation's carries its op id, so its sender can settle it.
    socket.on("message", (raw: Buffer) => {
      const incoming = parseMessage(raw);
      const task = async () => {
        const context = await opened.catch(() => null);
        if (!context) return; // the table was refused: the socket closes with 1008
        try {
          await handle(context, incoming);
        } catch (error) {
          request.log.error({ err: error }, "socket message");
          send(socket, refusalVerdict(incoming.opId, "opFailed"));
        }
      };
      if (!lane.push(task)) send(socket, refusalVerdict(incoming.opId, "busy"));
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
    const greet = async () => send(socket, helloMessage(guid, tableId, await cartState(db, cartId)));
    const forget = deps.catchUp.add(() => {
      greet().catch((error: unknown) => request.log.error({ err: error }, "socket catch-up"));
    });
    socket.on("close", () => {
      forget();
      for (const unsubscribe of unsubscribes) void unsubscribe();
    });
    await greet();

    async function handle({ cartId, accessType }: Awaited<typeof opened>, incoming: Incoming): Promise<void> {
      if (!incoming.message) return send(socket, refusalVerdict(incoming.opId, incoming.refused));
      const { message } = incoming;
      if (message.type === "sync") {
        return send(socket, cartMessage(await cartState(db, cartId), { guid, name: "" }, false));
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
        send(socket, refusalVerdict(message.opId, error.key, error.message));
      }
    }
  });

  async function openContext(rid: number, tableId: number, sid: string, guid: string) {
    const { cartId, fastHotel } = await socketCart(db, signer, { rid, tableId, sid, guid });
    return { cartId, accessType: fastHotel ? ("virTable" as const) : ("realTable" as const) };
  }

  // a clean shutdown waits for the operations sockets sent before they closed
  return { idle: () => gate.idle() };
}

/**
 * A client's message, or why it is refused; with the op id it carried (any string `opId` of the
 * JSON, even in a malformed message), else "".
 */
type Incoming =
  | { message: ClientMessage; opId: string }
  | { message: null; opId: string; refused: "badMessage" | "badText" };

function parseMessage(raw: Buffer): Incoming {
  const json = safeJson(String(raw));
  const opId =
    typeof json === "object" && json !== null && "opId" in json && typeof json.opId === "string"
      ? json.opId
      : "";
  const parsed = clientMessageSchema.safeParse(json);
  if (!parsed.success) return { message: null, opId, refused: "badMessage" };
  // core's text rule, as on HTTP: a NUL or an unpaired surrogate would fail in the database
  if (findBadText(parsed.data) !== null) return { message: null, opId, refused: "badText" };
  return { message: parsed.data, opId };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
