import fastifyWebsocket from "@fastify/websocket";
import { AppError, roleCan, type StaffRole } from "@tablemate/core";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerErrorHandler } from "../src/http/errors.js";
import type { StaffGuard } from "../src/modules/staff/guard.js";
import { CatchUp } from "../src/realtime/catch-up.js";
import { consoleSocketRoutes, SESSION_ENDED } from "../src/realtime/console-socket.js";
import { type Backplane, memoryBackplane } from "../src/realtime/hub.js";
import { publishStaff } from "../src/realtime/staff-topics.js";
import { ConsoleSocket } from "./support/console-socket.js";

/**
 * The console socket on its own, behind a guard whose sessions the test holds: a session names its
 * restaurant and role (header `x-session`), and can be revoked. The real guard's refusals are tested
 * through the whole app in floor.test.ts; here, what the socket does with a role and a revocation.
 */
describe("the console socket's topics and sessions", () => {
  let app: FastifyInstance;
  let backplane: Backplane;
  let base: string;
  const catchUp = new CatchUp();
  const sessions = new Map<string, { restaurantId: number; role: StaffRole }>();

  const guard: StaffGuard = {
    async require(request, restaurantId, permission) {
      const session = sessions.get(String(request.headers["x-session"] ?? ""));
      if (!session) throw new AppError("staffSignedOut");
      if (session.restaurantId !== restaurantId || !roleCan(session.role, permission))
        throw new AppError("staffForbidden");
      return {
        restaurantId,
        role: session.role,
        accountId: 1,
        apiKeyId: null,
        name: "测试",
        actor: "staff:1",
      };
    },
  };

  beforeAll(async () => {
    backplane = memoryBackplane();
    app = Fastify();
    registerErrorHandler(app);
    await app.register(fastifyWebsocket);
    consoleSocketRoutes(app, { guard, backplane, recheckMs: 50, catchUp });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await app.close();
    await backplane.close();
  });

  const open = (session: string, restaurantId: number, role: StaffRole) => {
    sessions.set(session, { restaurantId, role });
    return ConsoleSocket.open(base, restaurantId, { "x-session": session });
  };

  it("gives each role only the topics it may read: a kitchen socket hears no floor message", async () => {
    const kitchen = await open("kitchen-1", 7, "kitchen");
    const waiter = await open("waiter-1", 7, "waiter");
    const owner = await open("owner-1", 7, "owner");
    expect(kitchen.messages[0]).toEqual({ topic: "console", type: "hello", topics: ["kitchen"] });
    expect(waiter.messages[0]).toMatchObject({ topics: ["floor"] });
    expect(owner.messages[0]).toMatchObject({ topics: ["floor", "kitchen"] });
    await publishStaff(backplane, 7, "floor", { type: "table", tableId: 3, change: "seated" });
    await publishStaff(backplane, 7, "kitchen", { type: "ticket", ticketId: 1 });
    await owner.until((m) => m.topic === "floor");
    await owner.until((m) => m.topic === "kitchen");
    await waiter.until((m) => m.topic === "floor");
    await kitchen.until((m) => m.topic === "kitchen");
    // the owner heard both after the floor one: had the kitchen socket been sent the floor one, it came first
    expect(kitchen.messages.some((m) => m.topic === "floor")).toBe(false);
    expect(waiter.messages.some((m) => m.topic === "kitchen")).toBe(false);
    for (const socket of [kitchen, waiter, owner]) socket.close();
  });

  it("refuses on the upgrade a session of another restaurant, none, or a role with no topic", async () => {
    sessions.set("elsewhere", { restaurantId: 8, role: "owner" });
    expect(await ConsoleSocket.refusal(base, 7, { "x-session": "elsewhere" })).toBe(403);
    expect(await ConsoleSocket.refusal(base, 7, {})).toBe(401);
    expect(await ConsoleSocket.refusal(base, 0, { "x-session": "elsewhere" })).toBe(400);
  });

  it("closes a socket whose session is revoked or expires", async () => {
    const socket = await open("to-revoke", 7, "waiter");
    sessions.delete("to-revoke");
    expect(await socket.untilClosed()).toEqual({ code: SESSION_ENDED });
    // and one whose role lost the topic's permission
    const demoted = await open("demoted", 7, "waiter");
    sessions.set("demoted", { restaurantId: 7, role: "kitchen" });
    expect((await demoted.untilClosed()).code).toBe(SESSION_ENDED);
  });

  it("closes every socket (1012) when the backplane is back, so each page reconnects and reads again", async () => {
    const owner = await open("owner-2", 7, "owner");
    const kitchen = await open("kitchen-2", 7, "kitchen");
    expect(catchUp.all()).toBe(2);
    expect(await owner.untilClosed()).toEqual({ code: 1012 });
    expect(await kitchen.untilClosed()).toEqual({ code: 1012 });
    // closed sockets are forgotten
    await vi.waitUntil(() => catchUp.size === 0);
  });
});
