import { AppError } from "@tablemate/core";
import type { FastifyRequest } from "fastify";
import type { Signer } from "../../security/signer.js";

/** A staff call carries its restaurant's token as `Authorization: Bearer <token>`: 401 without, 403 wrong. */
export function requireStaff(signer: Signer, request: FastifyRequest, restaurantId: number): void {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
  if (!token) throw new AppError("staffTokenMissing");
  if (!signer.verifyStaffToken(restaurantId, token)) throw new AppError("staffTokenInvalid");
}

/** Who an event names: `staff`, or `staff:<name>` when the caller says who they are. */
export function staffActor(name: string | undefined): string {
  return name ? `staff:${name}` : "staff";
}

/** Whether an event's actor is the restaurant's staff (else it is a diner's guid). */
export function isStaffActor(actor: string): boolean {
  return actor === "staff" || actor.startsWith("staff:");
}
