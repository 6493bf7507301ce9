import { z } from "zod";
import { API_KEY_ROLES, LOGIN_PATTERN, PASSWORD_MAX, PASSWORD_MIN, PIN_PATTERN } from "../staff/accounts.js";
import { STAFF_ROLES } from "../staff/roles.js";
import { idSchema } from "./common.js";

/**
 * The staff console's accounts, sessions, API keys and audit log (issue 17): requests and answers.
 */

export const staffRoleSchema = z.enum(STAFF_ROLES);
export const apiKeyRoleSchema = z.enum(API_KEY_ROLES);

export const loginSchema = z.string().trim().regex(LOGIN_PATTERN, "登录名为手机号或 3–32 位字母开头的用户名");
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `密码至少 ${PASSWORD_MIN} 位`)
  .max(PASSWORD_MAX, `密码最多 ${PASSWORD_MAX} 位`);
export const pinSchema = z.string().regex(PIN_PATTERN, "PIN 码为 4–6 位数字");
export const staffNameSchema = z.string().trim().min(1).max(20);

/** The restaurant in a staff route's path. */
export const ridParamSchema = z.object({ rid: idSchema });

// ---- session (sign-in, read, sign out and the PIN switch: console-session.ts) ----

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: passwordSchema,
});

// ---- staff management ----

export const staffMemberSchema = z.object({
  accountId: z.number(),
  login: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.array(staffMemberSchema);

export const createStaffBodySchema = z.object({
  login: loginSchema,
  name: staffNameSchema,
  role: staffRoleSchema,
  password: passwordSchema,
  pin: pinSchema,
});

export const staffAccountParamsSchema = z.object({ rid: idSchema, accountId: idSchema });
export const staffRoleBodySchema = z.object({ role: staffRoleSchema });
export const staffPinResetBodySchema = z.object({ pin: pinSchema });
export const staffPasswordBodySchema = z.object({ password: passwordSchema });
export const staffDisabledBodySchema = z.object({ disabled: z.boolean() });

// ---- API keys ----

export const apiKeyViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** the key's first characters, to tell keys apart (the rest is never shown again) */
  prefix: z.string(),
  role: apiKeyRoleSchema,
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;
export const apiKeyListSchema = z.array(apiKeyViewSchema);

export const createApiKeyBodySchema = z.object({ name: staffNameSchema, role: apiKeyRoleSchema });
/** The new key's record, and the key itself: shown this once, stored only as a hash. */
export const createdApiKeySchema = z.object({ apiKey: apiKeyViewSchema, secret: z.string() });
export const apiKeyParamsSchema = z.object({ rid: idSchema, keyId: idSchema });

// ---- audit log ----

const isoDateTime = z.iso.datetime({ offset: true });
export const auditQuerySchema = z.object({
  /** entries at or after this instant */
  from: isoDateTime.optional(),
  /** entries before this instant */
  to: isoDateTime.optional(),
  /** an action (`staff.create`), or an area (`staff`) for all its actions */
  action: z.string().trim().min(1).max(64).optional(),
  /** the actor (`staff:3`, `apikey:2`) */
  actor: z.string().trim().min(1).max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  actorName: z.string(),
  approver: z.string().nullable(),
  approverName: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** A sensitive action's approval (core's needsApproval): an approver's login and PIN, in the action's body. */
export const approvalSchema = z.object({ login: z.string().trim().min(1).max(64), pin: pinSchema });
export type Approval = z.infer<typeof approvalSchema>;
