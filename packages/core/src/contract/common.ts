import { z } from "zod";

/** Every answer: code (1000 or 200, per call), success, data, message (spec 001 §7). */
export interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  message: string;
}

export const envelopeSchema = z.object({
  code: z.number(),
  success: z.boolean(),
  data: z.unknown(),
  message: z.unknown(),
});

/** Database ids travel as numbers; query strings and forms carry them as text. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Visitor id: set as a cookie on first page load. */
export const guidSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{8,64}$/, "guid 格式不正确");

/** Form encoding sends booleans as text. */
export const flagSchema = z
  .union([z.boolean(), z.literal("true"), z.literal("false"), z.literal("1"), z.literal("0")])
  .transform((v) => v === true || v === "true" || v === "1");

export const ridQuerySchema = z.object({ rid: idSchema });
/** Every console route names its restaurant in the path (`/console/api/v1/restaurants/:rid/...`). */
export const consoleRidParamSchema = z.object({ rid: idSchema });
export const hotelidQuerySchema = z.object({ hotelid: idSchema });

/** The answer of a staff call that changes something and has nothing to tell back (`data: null`). */
export const doneAnswerSchema = z.null();
