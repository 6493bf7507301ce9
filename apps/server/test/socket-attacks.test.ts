import { randomUUID } from "node:crypto";
import net from "node:net";
import { API, type CartState, ERRORS, type ErrorKey, type OpVerdict } from "@tablemate/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartOps } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { type DemoTable, demoTable, startTestApp, type TestApp, visitorToken } from "./support/harness.js";
import { menuOf, PLAIN, plainDish } from "./support/ordering.js";
import { TableSocket } from "./support/table-socket.js";

/** The close code of the first close frame in what a server sent (its frames are not masked). */
function closeCodeIn(data: Buffer): number | null {
  let at = 0;
  while (at + 2 <= data.length) {
    const opcode = (data[at] ?? 0) & 0x0f;
    let length = (data[at + 1] ?? 0) & 0x7f;
    let start = at + 2;
    if (length === 126) {
      length = data.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      length = Number(data.readBigUInt64BE(start));
      start += 8;
    }
    if (start + length > data.length) return null;
    if (opcode === 0x8) return data.readUInt16BE(start);
    at = start + length;
  }
  return null;
}

/**
 * Opens the table socket over a bare TCP connection and announces a frame of `announced` bytes, but
 * sends only its first kilobyte: a server that buffers frames waits for the rest, one that checks the
 * length at the header closes at once. Resolves with the close code the server sent.
 */
function announceHugeFrame(port: number, path: string, announced: number, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("no close: the server is waiting for the payload"));
    }, 10_000);
    let upgraded = false;
    let received = Buffer.alloc(0);
    socket.on("error", reject);
    socket.on("connect", () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Token: ${token}\r\n` +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
      );
    });
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!upgraded) {
        const end = received.indexOf("\r\n\r\n");
        if (end < 0) return;
        expect(received.subarray(0, 12).toString()).toBe("HTTP/1.1 101");
        upgraded = true;
        received = received.subarray(end + 4);
        const header = Buffer.alloc(14);
        header[0] = 0x81; // final text frame
        header[1] = 0x80 | 127; // masked, 64-bit length
        header.writeBigUInt64BE(BigInt(announced), 2);
        header.writeUInt32BE(0x12345678, 10); // the mask key
        socket.write(Buffer.concat([header, Buffer.alloc(1024, 0x61)]));
      }
      const code = closeCodeIn(received);
      if (code !== null) {
        clearTimeout(timer);
        socket.destroy();
        resolve(code);
      }
    });
  });
}

describe.each(BACKENDS)("every socket message gets a verdict, on %s", (backend) => {
  let app: TestApp;
  let table: DemoTable;
  let port: number;
  let url: (guid: string) => string;
  let dishId: number;

  beforeAll(async () => {
    app = await startTestApp(backend);
    table = await demoTable(app, (r) => r.linkMode === "dine" && !r.fastHotel);
    dishId = plainDish(await menuOf(app, table.restaurantId)).id;
    await app.server.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    port = address.port;
    url = (guid) =>
      `${API.socket}?rid=${table.restaurantId}&tableId=${table.tableId}&sid=${table.sid}&guid=${guid}`;
  });
  afterAll(() => app.close());

  const open = (guid: string) => TableSocket.open(`ws://127.0.0.1:${port}${url(guid)}`);
  const refusalOf = (socket: TableSocket, opId: string) =>
    socket.until((m): m is OpVerdict => m.type === "result" && m.opId === opId);
  /** The socket's own refusal of `opId`: the error table's entry `key`, not applied (version -1). */
  const expectRefused = async (socket: TableSocket, opId: string, key: ErrorKey) => {
    const { message, code } = ERRORS[key];
    expect(await refusalOf(socket, opId)).toEqual({
      type: "result",
      opId,
      ok: false,
      version: -1,
      message,
      code,
    });
  };
  const recorded = async (opId: string) =>
    (await app.db.select().from(cartOps).where(eq(cartOps.opId, opId))).length;

  it.each([
    ["a NUL", "少辣\u0000"],
    ["an unpaired surrogate", "少辣\uD83C"],
  ])("refuses a note with %s, with its op id, and writes nothing", async (_name, memo) => {
    const diner = await open(`socket-text-${memo.length}-${randomUUID().slice(0, 8)}`);
    const added = await diner.op({ kind: "add", foodId: dishId, choice: PLAIN });
    const detailId = (diner.cart as CartState).lines.find((l) => l.foodId === dishId)?.detailId ?? "";
    const opId = randomUUID();
    diner.socket.send(JSON.stringify({ type: "op", opId, op: { kind: "note", detailId, memo } }));
    await expectRefused(diner, opId, "badText");
    expect(await recorded(opId)).toBe(0);
    // the socket still works, and the cart is as it was
    const cleared = await diner.op({ kind: "clear" });
    expect(cleared).toMatchObject({ ok: true, version: added.version + 1 });
    diner.close();
  });

  it("answers a malformed message with the op id its JSON carried, else with none", async () => {
    const diner = await open("socket-malformed-01");
    const { message, code } = ERRORS.badMessage;
    const opId = "malformed-op-0001";
    diner.socket.send(JSON.stringify({ type: "op", opId, op: { kind: "fly" } }));
    await expectRefused(diner, opId, "badMessage");
    diner.socket.send("not json");
    diner.socket.send(JSON.stringify({ type: "op", opId: 42 }));
    // a socket's messages are answered in order: once the sync's cart is here, so are both refusals
    diner.socket.send(JSON.stringify({ type: "sync" }));
    await diner.until((m) => m.type === 14);
    const anonymous = diner.messages.filter((m) => m.type === "result" && m.opId === "");
    expect(anonymous).toEqual([
      { type: "result", opId: "", ok: false, version: -1, message, code },
      { type: "result", opId: "", ok: false, version: -1, message, code },
    ]);
    diner.close();
  });

  it("answers an operation that fails while handled with a refusal verdict, and keeps the socket", async () => {
    const diner = await open("socket-failing-01");
    const opId = `failing-op-${backend}`;
    // the database fails this one operation's write
    await app.db.execute(
      sql.raw(`create function fail_op() returns trigger language plpgsql as $$
        begin raise exception 'injected failure'; end $$`),
    );
    await app.db.execute(
      sql.raw(`create trigger fail_op before insert on cart_ops for each row
        when (new.op_id = '${opId}') execute function fail_op()`),
    );
    try {
      diner.socket.send(
        JSON.stringify({ type: "op", opId, op: { kind: "add", foodId: dishId, choice: PLAIN } }),
      );
      await expectRefused(diner, opId, "opFailed");
    } finally {
      await app.db.execute(sql.raw("drop trigger fail_op on cart_ops"));
      await app.db.execute(sql.raw("drop function fail_op()"));
    }
    expect(await diner.op({ kind: "clear" })).toMatchObject({ ok: true });
    diner.close();
  });

  it("closes with 1009 at the header of a 32 MB frame, without waiting for (or buffering) its payload", async () => {
    const announced = announceHugeFrame(
      port,
      url("socket-huge-0001"),
      32 * 1024 * 1024,
      visitorToken("socket-huge-0001"),
    );
    expect(await announced).toBe(1009);
  });

  it("answers a message of 8 KB, and closes with 1009 on one just over", async () => {
    const diner = await open("socket-limit-0001");
    const closed = new Promise<number>((resolve) => diner.socket.on("close", resolve));
    const padding = "x".repeat(8 * 1024 - JSON.stringify({ type: "sync", pad: "" }).length);
    diner.socket.send(JSON.stringify({ type: "sync", pad: padding }));
    await diner.until((m) => m.type === 14);
    diner.socket.send(JSON.stringify({ type: "sync", pad: `${padding}x` }));
    expect(await closed).toBe(1009);
  });
});
