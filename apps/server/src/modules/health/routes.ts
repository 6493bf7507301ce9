import { API, type ConsoleHealth, type HealthCheck, ridParamSchema } from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { StaffGuard } from "../staff/guard.js";
import { type Check, type ReadinessDeps, readiness } from "./readiness.js";

/** how often the server checks itself, so the log says what fails even when nobody asks /readyz */
const SELF_CHECK_MS = 60_000;

type Checks = Partial<Record<HealthCheck, Check>>;

/**
 * /healthz (liveness): 200 while the database answers, 503 otherwise. /readyz: every readiness check
 * with its detail, 200 when all pass, 503 naming the failing ones. The console's health call gives
 * owners and managers (settings.write) the failing checks, with their restaurant's printers only.
 * Each change of a check is logged, whoever asked, and the server asks itself every minute.
 */
export function healthRoutes(app: FastifyInstance, deps: ReadinessDeps, guard: StaffGuard): void {
  const { database } = deps;
  app.get(API.healthz, async (_request, reply) => {
    try {
      await database.ping();
      return { status: "ok", database: database.kind };
    } catch {
      return reply.status(503).send({ status: "unavailable", database: database.kind });
    }
  });

  const last = new Map<string, boolean>();
  const check = async (restaurantId?: number) => {
    const checks = await readiness(deps, restaurantId);
    // a restaurant's printers are not the installation's: only the whole view is logged
    if (restaurantId === undefined) logChanges(app, last, checks);
    return checks;
  };
  app.get(API.readyz, async (_request, reply) => {
    const checks = await check();
    const failing = failingOf(checks).map((f) => f.check);
    return reply
      .status(failing.length ? 503 : 200)
      .send({ status: failing.length ? "failing" : "ready", failing, checks });
  });

  app.get(API.consoleHealth(":rid"), async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    await guard.require(request, rid, "settings.write");
    return ok({ failing: failingOf(await check(rid)) } satisfies ConsoleHealth);
  });

  const timer = setInterval(() => {
    check().catch((error: unknown) => app.log.error({ err: error }, "readiness self-check failed"));
  }, SELF_CHECK_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}

function failingOf(checks: Checks): ConsoleHealth["failing"] {
  return (Object.entries(checks) as Array<[HealthCheck, Check]>)
    .filter(([, check]) => !check.ok)
    .map(([name, check]) => ({ check: name, detail: check.detail }));
}

function logChanges(app: FastifyInstance, last: Map<string, boolean>, checks: Checks): void {
  for (const [name, check] of Object.entries(checks)) {
    if (last.get(name) === check.ok) continue;
    if (!check.ok) app.log.warn({ check: name, detail: check.detail }, "readiness check failing");
    else if (last.has(name)) app.log.info({ check: name }, "readiness check passing again");
    last.set(name, check.ok);
  }
}
