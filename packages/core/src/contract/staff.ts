import { z } from "zod";
import { ORDER_STATUSES } from "../order-status.js";
import { idSchema } from "./common.js";

/**
 * One of the order status codes (0, 1, 2, 4, 5, 7, 8); forms and query strings carry it as digits (an
 * empty value is missing, not 0).
 */
export const orderStatusSchema = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,2}$/)
      .transform(Number),
  ])
  .pipe(z.literal(ORDER_STATUSES));

export const moveOrderBodySchema = z.object({ status: orderStatusSchema });

/** The staff's order list: by status, from a time (ISO), newest first. */
export const staffOrdersQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  from: z
    .string()
    .datetime({ offset: true })
    .or(z.literal(""))
    .optional()
    .transform((v) => (v ? new Date(v) : undefined)),
});

export const tableIdParamSchema = z.object({ tableId: idSchema });
/** A staff route's restaurant and order, or restaurant and table, from its path. */
export const staffOrderParamsSchema = z.object({ rid: idSchema, orderId: idSchema });
export const staffTableParamsSchema = z.object({ rid: idSchema, tableId: idSchema });

/** An order as the staff list shows it (with its lines and history): the floor's order (console-floor.ts). */
export type { ConsoleOrder as StaffOrder } from "./console-floor.js";
