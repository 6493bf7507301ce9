import {
  API,
  AppError,
  changePasswordBodySchema,
  staffLoginBodySchema,
  staffPinBodySchema,
} from "@tablemate/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { StaffDeps } from "./accounts.js";
import {
  clearSessionCookie,
  liveSession,
  revokeSession,
  sessionToken,
  setSessionCookie,
} from "./sessions.js";
import { changeOwnPassword, pinSwitch, sessionView, signIn } from "./sign-in.js";

/** Sign-in, who is signed in, logout, PIN switch, own password: the console's session calls. */
export function sessionRoutes(app: FastifyInstance, deps: StaffDeps): void {
  const signedIn = async (request: FastifyRequest) => {
    const live = await liveSession(deps.db, sessionToken(request), deps.now());
    if (!live) throw new AppError("staffSignedOut");
    return live;
  };

  app.post(API.consoleSession, async (request, reply) => {
    const body = parse(staffLoginBodySchema, request.body);
    const { token, view } = await signIn(deps, { ...body, address: request.ip });
    setSessionCookie(request, reply, token);
    return ok(view);
  });

  app.get(API.consoleSession, async (request) => {
    const { session, account } = await signedIn(request);
    return ok(await sessionView(deps, account, session));
  });

  app.delete(API.consoleSession, async (request, reply) => {
    const live = await liveSession(deps.db, sessionToken(request), deps.now());
    if (live) await revokeSession(deps.db, live.session.id, deps.now());
    clearSessionCookie(request, reply);
    return ok(null);
  });

  app.post(API.consoleSessionPin, async (request, reply) => {
    const body = parse(staffPinBodySchema, request.body);
    const current = await signedIn(request);
    const { token, view } = await pinSwitch(deps, current, { ...body, address: request.ip });
    setSessionCookie(request, reply, token);
    return ok(view);
  });

  app.post(API.consoleSessionPassword, async (request) => {
    const body = parse(changePasswordBodySchema, request.body);
    const current = await signedIn(request);
    await changeOwnPassword(deps, current, { ...body, address: request.ip });
    return ok(null);
  });
}
