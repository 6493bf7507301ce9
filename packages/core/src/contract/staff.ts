import { z } from "zod";
import { ORDER_STATUSES } from "../order-status.js";
import { idSchema } from "./common.js";
import { eatTypeSchema, fulfilmentStepSchema, orderSummarySchema } from "./order.js";

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

/** A status change as written: who (a diner's guid, `staff:<account id>` or `apikey:<id>`) and when. */
export const orderEventViewSchema = z.object({
  fromStatus: z.number().nullable(),
  toStatus: z.number(),
  actor: z.string(),
  at: z.string(),
});

export type OrderEventView = z.infer<typeof orderEventViewSchema>;

/** An order as the staff list shows it: the diner list's summary, and its table, payment and history. */
export const staffOrderSchema = orderSummarySchema.extend({
  tableId: z.number(),
  paymentType: z.number(),
  eatType: eatTypeSchema,
  posTime: z.string().nullable(),
  fulfilment: fulfilmentStepSchema.nullable(),
  calledCount: z.number(),
  events: z.array(orderEventViewSchema),
});

export type StaffOrder = z.infer<typeof staffOrderSchema>;

/** A staff move's answer: the order and its new status. */
export const staffMoveResultSchema = z.object({ orderId: z.number(), status: z.number() });

/** A settle's answer: the table and the orders it settled. */
export const staffSettleResultSchema = z.object({ tableId: z.number(), orderIds: z.array(z.number()) });

/** A clear's answer: the table whose visit ended. */
export const staffClearResultSchema = z.object({ tableId: z.number() });
