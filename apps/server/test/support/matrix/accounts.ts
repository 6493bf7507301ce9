import { API } from "@tablemate/core";
import { asc, eq } from "drizzle-orm";
import { apiKeys, auditLog, staffAccounts, staffMemberships, staffSessions } from "../../../src/db/schema.js";
import type { MatrixContext, MatrixRow } from "./types.js";

const staffOf = async ({ db }: MatrixContext) => ({
  accounts: await db.select().from(staffAccounts).orderBy(asc(staffAccounts.id)),
  memberships: await db.select().from(staffMemberships).orderBy(asc(staffMemberships.accountId)),
  sessions: await db.select().from(staffSessions).orderBy(asc(staffSessions.id)),
});
const keysOf = async ({ db, rid }: MatrixContext) =>
  db.select().from(apiKeys).where(eq(apiKeys.restaurantId, rid)).orderBy(asc(apiKeys.id));

/** Staff management, API keys and the audit log. */
export const ACCOUNT_ROWS: MatrixRow[] = [
  {
    method: "GET",
    route: API.staffAccounts(":rid"),
    permission: "staff.write",
    request: async ({ rid }) => ({ url: API.staffAccounts(rid) }),
    snapshot: staffOf,
  },
  {
    method: "POST",
    route: API.staffAccounts(":rid"),
    permission: "staff.write",
    request: async (ctx) => {
      const n = ctx.unique();
      return {
        url: API.staffAccounts(ctx.rid),
        payload: {
          login: `mx${n}`,
          name: `矩阵${n}`,
          role: "waiter",
          password: `password-${n}`,
          pin: `${700000 + n}`,
        },
      };
    },
    snapshot: staffOf,
  },
  {
    method: "PUT",
    route: API.staffAccountRole(":rid", ":accountId"),
    permission: "staff.write",
    request: async (ctx) => {
      const { accountId } = await ctx.staffMember("waiter");
      return { url: API.staffAccountRole(ctx.rid, accountId), payload: { role: "cashier" } };
    },
    snapshot: staffOf,
  },
  {
    method: "PUT",
    route: API.staffAccountPin(":rid", ":accountId"),
    permission: "staff.write",
    request: async (ctx) => {
      const { accountId } = await ctx.staffMember();
      return { url: API.staffAccountPin(ctx.rid, accountId), payload: { pin: `${800000 + ctx.unique()}` } };
    },
    snapshot: staffOf,
  },
  {
    method: "PUT",
    route: API.staffAccountPassword(":rid", ":accountId"),
    permission: "staff.write",
    request: async (ctx) => {
      const { accountId } = await ctx.staffMember();
      return { url: API.staffAccountPassword(ctx.rid, accountId), payload: { password: "a-new-password" } };
    },
    snapshot: staffOf,
  },
  {
    method: "PUT",
    route: API.staffAccountDisabled(":rid", ":accountId"),
    permission: "staff.write",
    request: async (ctx) => {
      const { accountId } = await ctx.staffMember();
      return { url: API.staffAccountDisabled(ctx.rid, accountId), payload: { disabled: true } };
    },
    snapshot: staffOf,
  },
  {
    method: "GET",
    route: API.apiKeys(":rid"),
    permission: "apiKeys.write",
    request: async ({ rid }) => ({ url: API.apiKeys(rid) }),
    snapshot: keysOf,
  },
  {
    method: "POST",
    route: API.apiKeys(":rid"),
    permission: "apiKeys.write",
    request: async (ctx) => ({
      url: API.apiKeys(ctx.rid),
      payload: { name: `键${ctx.unique()}`, role: "waiter" },
    }),
    snapshot: keysOf,
  },
  {
    method: "DELETE",
    route: API.apiKey(":rid", ":keyId"),
    permission: "apiKeys.write",
    request: async (ctx) => {
      const { keyId } = await ctx.apiKey();
      return { url: API.apiKey(ctx.rid, keyId) };
    },
    snapshot: keysOf,
  },
  {
    method: "GET",
    route: API.auditLog(":rid"),
    permission: "audit.read",
    request: async ({ rid }) => ({ url: `${API.auditLog(rid)}?pageSize=5` }),
    snapshot: ({ db }) => db.select().from(auditLog).orderBy(asc(auditLog.id)),
  },
];
