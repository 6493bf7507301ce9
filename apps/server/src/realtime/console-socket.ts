import {
  API,
  AppError,
  type ConsoleSocketMessage,
  consoleSocketQuerySchema,
  type Permission,
  roleCan,
  STAFF_TOPICS,
  type StaffTopic,
} from "@tablemate/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { parse } from "../http/parse.js";
import type { StaffGuard, StaffPrincipal } from "../modules/staff/guard.js";
import type { CatchUp } from "./catch-up.js";
import type { Backplane } from "./hub.js";
import { send } from "./socket.js";
import { staffTopic } from "./staff-topics.js";

/** The permission each topic needs. */
export const TOPIC_PERMISSION: Readonly<Record<StaffTopic, Permission>> = {
  floor: "floor.read",
  kitchen: "kitchen.read",
};

/** A socket whose session no longer passes the guard is closed with this code (the console signs in again). */
export const SESSION_ENDED = 4001;

export interface ConsoleSocketDeps {
  guard: StaffGuard;
  backplane: Backplane;
  /** how often an open socket's session is checked again (revoked, expired, role changed) */
  recheckMs?: number;
  /** the backplane's return: each socket is closed (1012) and its page reconnects and reads afresh */
  catchUp: CatchUp;
}

/**
 * The principal of a request that may read at least one topic: the guard asked for each topic's
 * permission in turn; the first refusal is the answer when none passes (401 without a session, 403).
 */
async function principalFor(guard: StaffGuard, request: FastifyRequest, rid: number) {
  let refusal: unknown;
  for (const topic of STAFF_TOPICS) {
    try {
      return {
        principal: await guard.require(request, rid, TOPIC_PERMISSION[topic]),
        permission: TOPIC_PERMISSION[topic],
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusal ??= error;
    }
  }
  throw refusal;
}

const topicsOf = (principal: StaffPrincipal): StaffTopic[] =>
  STAFF_TOPICS.filter((topic) => roleCan(principal.role, TOPIC_PERMISSION[topic]));

/**
 * The console socket, `/console/ws?rid=`: the guard checks the session on the upgrade (an HTTP 401 or
 * 403 before any socket exists), then the socket hears the restaurant's topics its role may read,
 * from every server process (the backplane). Its session is checked again every `recheckMs`; a
 * session that was revoked or expired closes it (4001). Clients send nothing but pings.
 */
export function consoleSocketRoutes(app: FastifyInstance, deps: ConsoleSocketDeps): void {
  const { guard, backplane } = deps;
  const recheckMs = deps.recheckMs ?? 30_000;
  const admitted = new WeakMap<
    FastifyRequest,
    { principal: StaffPrincipal; permission: Permission; rid: number }
  >();

  app.get(
    API.consoleSocket,
    {
      websocket: true,
      // before the upgrade: a refusal is an ordinary HTTP answer (the error handler's envelope)
      preValidation: async (request) => {
        const { rid } = parse(consoleSocketQuerySchema, request.query);
        const { principal, permission } = await principalFor(guard, request, rid);
        admitted.set(request, { principal, permission, rid });
      },
    },
    async (socket, request) => {
      const entry = admitted.get(request);
      if (!entry) return socket.close(1008, "not admitted");
      const { principal, permission, rid } = entry;
      const topics = topicsOf(principal);
      const unsubscribes = await Promise.all(
        topics.map((topic) =>
          backplane.subscribe(staffTopic(rid, topic), (message) => send(socket, message)),
        ),
      );
      const hello: ConsoleSocketMessage = { topic: "console", type: "hello", topics };
      send(socket, JSON.stringify(hello));
      const recheck = setInterval(() => {
        guard.require(request, rid, permission).catch(() => socket.close(SESSION_ENDED, "session ended"));
      }, recheckMs);
      recheck.unref();
      // the backplane's return: the page reads everything again when it reconnects (1012: restarted)
      const forget = deps.catchUp.add(() => socket.close(1012, "live news resumed: read again"));
      socket.on("close", () => {
        forget();
        clearInterval(recheck);
        for (const unsubscribe of unsubscribes) void unsubscribe();
      });
      // the console only listens; anything it sends is ignored (a ping keeps proxies from closing it)
      socket.on("message", () => {});
    },
  );
}
