import { z } from "zod";
import { STAFF_ROLES } from "../staff/roles.js";
import { idSchema } from "./common.js";

/**
 * The staff session (issue 17): who is signed in at the console and the restaurants they may work
 * at, each with their role there. POST /console/api/v1/session signs in (an httpOnly cookie), GET reads
 * it back (401 when there is none), DELETE signs out, POST …/session/pin switches to the staff member
 * with that PIN at a restaurant. Every one of them answers this payload.
 */
export const staffSessionSchema = z.object({
  account: z.object({ id: z.number().int(), name: z.string(), login: z.string() }),
  restaurants: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      role: z.enum(STAFF_ROLES),
      /** the restaurant's IANA zone: every time the console shows is on its clock */
      timezone: z.string(),
    }),
  ),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
export type StaffSessionRestaurant = StaffSession["restaurants"][number];

/** POST /console/api/v1/session: a login name (phone or username) and the password. */
export const staffLoginBodySchema = z.object({
  login: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(256),
});
export type StaffLoginBody = z.infer<typeof staffLoginBodySchema>;

/** POST /console/api/v1/session/pin: the staff member with this PIN at that restaurant takes the tablet. */
export const staffPinBodySchema = z.object({
  restaurantId: idSchema,
  pin: z.string().regex(/^\d{4,6}$/),
});
export type StaffPinBody = z.infer<typeof staffPinBodySchema>;
