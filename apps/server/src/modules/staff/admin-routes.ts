import {
  API,
  apiKeyParamsSchema,
  auditQuerySchema,
  createApiKeyBodySchema,
  createStaffBodySchema,
  ridParamSchema,
  staffAccountParamsSchema,
  staffDisabledBodySchema,
  staffPasswordBodySchema,
  staffPinResetBodySchema,
  staffRoleBodySchema,
} from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { StaffDeps } from "./accounts.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.js";
import { readAuditLog } from "./audit-reading.js";
import type { StaffGuard } from "./guard.js";
import { changeRole, createStaff, listStaff, resetPassword, resetPin, setDisabled } from "./members.js";

/** A restaurant's staff, API keys and audit log: parsed (400), guarded (401, 403), then the use case. */
export function adminRoutes(app: FastifyInstance, deps: StaffDeps, guard: StaffGuard): void {
  app.get(API.staffAccounts(":rid"), async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    await guard.require(request, rid, "staff.write");
    return ok(await listStaff(deps.db, rid));
  });

  app.post(API.staffAccounts(":rid"), async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    const body = parse(createStaffBodySchema, request.body);
    const by = await guard.require(request, rid, "staff.write");
    return ok(await createStaff(deps, by, body));
  });

  app.put(API.staffAccountRole(":rid", ":accountId"), async (request) => {
    const { rid, accountId } = parse(staffAccountParamsSchema, request.params);
    const { role } = parse(staffRoleBodySchema, request.body);
    const by = await guard.require(request, rid, "staff.write");
    await changeRole(deps, by, accountId, role);
    return ok(null);
  });

  app.put(API.staffAccountPin(":rid", ":accountId"), async (request) => {
    const { rid, accountId } = parse(staffAccountParamsSchema, request.params);
    const { pin } = parse(staffPinResetBodySchema, request.body);
    const by = await guard.require(request, rid, "staff.write");
    await resetPin(deps, by, accountId, pin);
    return ok(null);
  });

  app.put(API.staffAccountPassword(":rid", ":accountId"), async (request) => {
    const { rid, accountId } = parse(staffAccountParamsSchema, request.params);
    const { password } = parse(staffPasswordBodySchema, request.body);
    const by = await guard.require(request, rid, "staff.write");
    await resetPassword(deps, by, accountId, password);
    return ok(null);
  });

  app.put(API.staffAccountDisabled(":rid", ":accountId"), async (request) => {
    const { rid, accountId } = parse(staffAccountParamsSchema, request.params);
    const { disabled } = parse(staffDisabledBodySchema, request.body);
    const by = await guard.require(request, rid, "staff.write");
    await setDisabled(deps, by, accountId, disabled);
    return ok(null);
  });

  app.get(API.apiKeys(":rid"), async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    await guard.require(request, rid, "apiKeys.write");
    return ok(await listApiKeys(deps.db, rid));
  });

  app.post(API.apiKeys(":rid"), async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    const body = parse(createApiKeyBodySchema, request.body);
    const by = await guard.require(request, rid, "apiKeys.write");
    return ok(await createApiKey(deps, by, body));
  });

  app.delete(API.apiKey(":rid", ":keyId"), async (request) => {
    const { rid, keyId } = parse(apiKeyParamsSchema, request.params);
    const by = await guard.require(request, rid, "apiKeys.write");
    await revokeApiKey(deps, by, keyId);
    return ok(null);
  });

  app.get(API.auditLog(":rid"), async (request) => {
    const { rid } = parse(ridParamSchema, request.params);
    const query = parse(auditQuerySchema, request.query);
    await guard.require(request, rid, "audit.read");
    return ok(await readAuditLog(deps.db, rid, query));
  });
}
