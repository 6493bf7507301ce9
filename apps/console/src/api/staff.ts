import {
  API,
  type ApiKeyRole,
  type AuditPage,
  apiKeyListSchema,
  auditPageSchema,
  createdApiKeySchema,
  doneAnswerSchema,
  type StaffRole,
  staffListSchema,
  staffMemberSchema,
} from "@tablemate/core";
import { call } from "./http.js";

/** Staff accounts, API keys, the audit log and one's own password (contract/console-staff.ts). */

export const listStaff = (rid: number) => call(API.staffAccounts(rid), staffListSchema);

export const createStaff = (
  rid: number,
  body: { login: string; name: string; role: StaffRole; password: string; pin: string },
) => call(API.staffAccounts(rid), staffMemberSchema, { method: "POST", body });

export const changeRole = (rid: number, accountId: number, role: StaffRole) =>
  call(API.staffAccountRole(rid, accountId), doneAnswerSchema, { method: "PUT", body: { role } });

export const resetPin = (rid: number, accountId: number, pin: string) =>
  call(API.staffAccountPin(rid, accountId), doneAnswerSchema, { method: "PUT", body: { pin } });

export const resetPassword = (rid: number, accountId: number, password: string) =>
  call(API.staffAccountPassword(rid, accountId), doneAnswerSchema, { method: "PUT", body: { password } });

export const setDisabled = (rid: number, accountId: number, disabled: boolean) =>
  call(API.staffAccountDisabled(rid, accountId), doneAnswerSchema, { method: "PUT", body: { disabled } });

export const listApiKeys = (rid: number) => call(API.apiKeys(rid), apiKeyListSchema);

export const createApiKey = (rid: number, body: { name: string; role: ApiKeyRole }) =>
  call(API.apiKeys(rid), createdApiKeySchema, { method: "POST", body });

export const revokeApiKey = (rid: number, keyId: number) =>
  call(API.apiKey(rid, keyId), doneAnswerSchema, { method: "DELETE" });

export interface AuditFilter {
  from?: string;
  to?: string;
  action?: string;
  actor?: string;
  page: number;
  pageSize: number;
}

export const readAuditLog = (rid: number, filter: AuditFilter): Promise<AuditPage> =>
  call(API.auditLog(rid), auditPageSchema, { query: { ...filter } });

/** One's own password; the session stays, every other one of the account ends. */
export const changeOwnPassword = (body: { currentPassword: string; newPassword: string }) =>
  call(API.consoleSessionPassword, doneAnswerSchema, { method: "POST", body });
