import { AppError, type Permission, roleCan, type StaffRole } from "@tablemate/core";
import type { FastifyRequest } from "fastify";
import type { Signer } from "../../security/signer.js";

/** Who is acting on a staff route: a staff account signed in (or an API key), at one restaurant, in one role. */
export interface StaffPrincipal {
  restaurantId: number;
  role: StaffRole;
  /** the staff account, or null for an API key */
  accountId: number | null;
  apiKeyId: number | null;
  /** the name shown in the audit log and on the floor */
  name: string;
  /** what events and the audit log record: `staff:<account id>`, `apikey:<id>` */
  actor: string;
}

/**
 * Every staff route and socket topic asks the guard: 401 without a credential, 403 when the
 * credential is not for this restaurant or its role lacks the permission. Nothing is read or
 * changed before it answers.
 */
export interface StaffGuard {
  require(request: FastifyRequest, restaurantId: number, permission: Permission): Promise<StaffPrincipal>;
}

/**
 * Interim guard (until staff accounts land): the restaurant's static token acts as its owner.
 * Tests reach the guard only through test/support/staff.ts, so the switch to accounts changes no test.
 */
export function staticTokenGuard(signer: Signer): StaffGuard {
  return {
    async require(request, restaurantId, permission) {
      const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
      if (!token) throw new AppError("staffTokenMissing");
      if (!signer.verifyStaffToken(restaurantId, token)) throw new AppError("staffTokenInvalid");
      const role: StaffRole = "owner";
      if (!roleCan(role, permission)) throw new AppError("staffTokenInvalid");
      return { restaurantId, role, accountId: null, apiKeyId: null, name: "staff", actor: "staff" };
    },
  };
}
