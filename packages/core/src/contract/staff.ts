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

export const staffOrdersQuerySchema = z.object({ status: orderStatusSchema.optional() });

export const tableIdParamSchema = z.object({ tableId: idSchema });
/** A staff route's restaurant and order, or restaurant and table, from its path. */
export const staffOrderParamsSchema = z.object({ rid: idSchema, orderId: idSchema });
export const staffTableParamsSchema = z.object({ rid: idSchema, tableId: idSchema });

/** A status change as written: who (a diner's guid, `staff:<account id>` or `apikey:<id>`) and when. */
export interface OrderEventView {
  fromStatus: number | null;
  toStatus: number;
  actor: string;
  at: string;
}

/** An order as the staff list shows it, with its history. */
export interface StaffOrder {
  orderId: number;
  status: number;
  tableId: number;
  tableName: string;
  mainOrderId: number | null;
  paymentType: number;
  eatType: "dine" | "fast" | "takeout" | "reserve";
  orderTotalPrice: string;
  orderSubmitTime: string;
  posTime: string | null;
  fastSerialNo: string;
  events: OrderEventView[];
}
