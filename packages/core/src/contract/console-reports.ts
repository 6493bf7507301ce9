import { z } from "zod";
import { DATE_PATTERN, daysBetween } from "../dates.js";
import { idSchema } from "./common.js";

/** The longest range one report reads: a year, so a report stays a bounded read. */
export const MAX_REPORT_DAYS = 366;

/** A calendar date 'YYYY-MM-DD' that exists (not '2026-02-30'). */
export const calendarDateSchema = z
  .string()
  .regex(DATE_PATTERN, "日期格式应为 YYYY-MM-DD")
  .refine((text) => {
    const [y, m, d] = text.split("-").map(Number) as [number, number, number];
    const back = new Date(Date.UTC(y, m - 1, d));
    return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d;
  }, "日期不存在");

export const reportParamsSchema = z.object({ rid: idSchema });

/**
 * GET …/reports/summary and …/reports/orders.csv: a range of the restaurant's own calendar days, both
 * ends included; either end missing means today there (the server fills it in).
 */
export const reportRangeQuerySchema = z
  .object({ from: calendarDateSchema.optional(), to: calendarDateSchema.optional() })
  .refine(({ from, to }) => !from || !to || daysBetween(from, to) >= 0, "开始日期不能晚于结束日期")
  .refine(
    ({ from, to }) => !from || !to || daysBetween(from, to) < MAX_REPORT_DAYS,
    `时间范围不能超过 ${MAX_REPORT_DAYS} 天`,
  );
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

/** Money on the wire: exact decimals as text, two places ('1234.50'). */
const moneyText = z.string().regex(/^-?\d+\.\d{2}$/);

export const topDishSchema = z.object({
  foodId: z.number().int(),
  name: z.string(),
  /** units sold: whole dishes, or a weight for a weighed dish ('1.5') */
  quantity: z.string(),
  revenue: moneyText,
});
export type TopDish = z.infer<typeof topDishSchema>;

/**
 * The numbers of a range (core's summarizeOrders): every order placed in it and not cancelled. Revenue is
 * the sum of their totals; the average per diner is null when no order named a diner count.
 */
export const reportSummarySchema = z.object({
  from: calendarDateSchema,
  to: calendarDateSchema,
  /** the restaurant's time zone the days are read in */
  timezone: z.string(),
  orders: z.number().int().nonnegative(),
  revenue: moneyText,
  diners: z.number().int().nonnegative(),
  averagePerDiner: moneyText.nullable(),
  topDishes: z.array(topDishSchema),
  /** 24 entries, hour 0 to 23 of the restaurant's clock: orders placed in that hour over the range */
  byHour: z.array(
    z.object({ hour: z.number().int().min(0).max(23), orders: z.number().int().nonnegative() }),
  ),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;
