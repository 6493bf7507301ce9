import { z } from "zod";
import { MAX_SNOOZE_HOURS, type StockStateKind } from "../availability.js";
import { idSchema } from "./common.js";

/** The largest count the console sets or adds at once. */
export const MAX_STOCK_COUNT = 99_999;

/** A stored count as the console reads it: -1 unlimited, 0 sold out, n left. */
const storedCountSchema = z.number().int().min(-1).max(MAX_STOCK_COUNT);

/**
 * One stock change of a dish or an addition (issue 17). Semantics under concurrent submits:
 * - `soldOut` (估清) and `restore` (恢复: unlimited, the snooze lifted) are absolute: whatever
 *   orders took meanwhile, the item is then sold out, or unlimited; no unit can be oversold.
 * - `count` sets "n left now" only if the count is still the one the console showed (`expected`):
 *   compare-and-set, so a submit that took units in between is never overwritten (409 stockChanged,
 *   with the item as it is now).
 * - `add` restocks by `delta` on top of whatever is left (commutes with submits: never refused by
 *   one, never loses one); refused on an unlimited item or below zero.
 * - `snooze` (for 1–24 hours), `snoozeUntilClose` (until the restaurant's day ends) and `unsnooze`
 *   leave the count alone.
 */
export const stockChangeSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("soldOut") }),
  z.object({ action: z.literal("restore") }),
  z.object({
    action: z.literal("count"),
    estimate: z.number().int().min(0).max(MAX_STOCK_COUNT),
    expected: storedCountSchema,
  }),
  z.object({
    action: z.literal("add"),
    delta: z
      .number()
      .int()
      .min(-MAX_STOCK_COUNT)
      .max(MAX_STOCK_COUNT)
      .refine((n) => n !== 0, "数量不能为0"),
  }),
  z.object({ action: z.literal("snooze"), hours: z.number().int().min(1).max(MAX_SNOOZE_HOURS) }),
  z.object({ action: z.literal("snoozeUntilClose") }),
  z.object({ action: z.literal("unsnooze") }),
]);
export type StockChange = z.infer<typeof stockChangeSchema>;

export const stockItemParamsSchema = z.object({ rid: idSchema, itemId: idSchema });
export const restaurantParamsSchema = z.object({ rid: idSchema });

const stockItemFields = {
  id: z.number(),
  name: z.string(),
  /** stored: -1 unlimited, 0 sold out, n left */
  estimate: z.number(),
  /** ISO instant the snooze lifts at; null when none runs */
  snoozedUntil: z.string().nullable(),
  state: z.enum(["onSale", "soldOut", "snoozed", "counted"] satisfies [StockStateKind, ...StockStateKind[]]),
  /** what diners see now (a combo whose parts cannot make it: 0) */
  available: z.number(),
};

export const stockDishSchema = z.object({
  ...stockItemFields,
  categoryId: z.number(),
  isCombo: z.boolean(),
});
export type StockDish = z.infer<typeof stockDishSchema>;

export const stockAdditionSchema = z.object({
  ...stockItemFields,
  /** the addition category it is listed under (of its first dish) */
  categoryName: z.string(),
});
export type StockAddition = z.infer<typeof stockAdditionSchema>;

/** GET stock: the menu by category with each dish's and addition's state, and the POS switch. */
export const stockOverviewSchema = z.object({
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  dishes: z.array(stockDishSchema),
  additions: z.array(stockAdditionSchema),
  posOnline: z.boolean(),
  /** the restaurant's zone, for showing snooze ends (HH:MM) */
  timezone: z.string(),
  /** the server's time of the answer (ISO) */
  now: z.string(),
});
export type StockOverview = z.infer<typeof stockOverviewSchema>;

export const posSwitchSchema = z.object({ online: z.boolean() });
export type PosSwitch = z.infer<typeof posSwitchSchema>;
