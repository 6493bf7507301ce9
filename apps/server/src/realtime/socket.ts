import { API, guidSchema, idSchema } from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../db/client.js";
import { getSignedTable } from "../modules/table/tables.js";
import type { Signer } from "../security/signer.js";
import { type Backplane, tableTopic } from "./hub.js";

export const PROTOCOL_VERSION = 1;

const handshakeSchema = z.object({
  rid: idSchema,
  tableId: idSchema,
  sid: z.string().min(1).max(200),
  guid: guidSchema,
});

/** Policy-violation close code: the handshake named a table the visitor may not join. */
const REFUSED = 1008;

/** The table's socket: a visitor with the table's signed token listens to that table's topic only. */
export function socketRoutes(app: FastifyInstance, db: Db, signer: Signer, backplane: Backplane): void {
  app.get(API.socket, { websocket: true }, async (socket, request) => {
    const query = request.query as Record<string, unknown>;
    const handshake = handshakeSchema.safeParse({ ...query, guid: query.guid ?? request.cookies.guid });
    if (!handshake.success) return socket.close(REFUSED, "bad handshake");
    const { rid, tableId, sid, guid } = handshake.data;
    try {
      await getSignedTable(db, signer, rid, tableId, sid);
    } catch {
      return socket.close(REFUSED, "table refused");
    }
    const unsubscribe = await backplane.subscribe(tableTopic(rid, tableId), (message) =>
      socket.send(message),
    );
    socket.on("close", () => void unsubscribe());
    socket.send(JSON.stringify({ type: "hello", protocol: PROTOCOL_VERSION, guid, tableId }));
  });
}
