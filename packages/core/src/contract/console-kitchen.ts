import { z } from "zod";
import { BUMP_TARGETS, ITEM_STATES } from "../kitchen.js";
import { idSchema } from "./common.js";
import { allergenCodesSchema } from "./menu.js";

/** The kitchen's console calls (issue 17): request and response payloads. */

export const stationParamSchema = z.object({ rid: idSchema, sid: idSchema });
export const ticketParamSchema = z.object({ rid: idSchema, tid: idSchema });
export const billParamSchema = z.object({ rid: idSchema, oid: idSchema });

const stationName = z.string().trim().min(1).max(20);

/** Creates or replaces a station: its name, its place in the list, the categories it cooks. */
export const stationBodySchema = z.object({
  name: stationName,
  sort: z.number().int().min(0).max(10_000).default(0),
  categoryIds: z.array(idSchema).max(200).default([]),
});
export type StationBody = z.input<typeof stationBodySchema>;

export const stationSchema = z.object({
  id: z.number(),
  name: z.string(),
  sort: z.number(),
  categoryIds: z.array(z.number()),
});
export type Station = z.infer<typeof stationSchema>;
export const stationListSchema = z.array(stationSchema);

export const stationCategoryListSchema = z.array(
  z.object({ id: z.number(), name: z.string(), parentId: z.number().nullable() }),
);
export type StationCategory = z.infer<typeof stationCategoryListSchema>[number];

export const itemStateSchema = z.enum(ITEM_STATES);

export const ticketItemSchema = z.object({
  id: z.number(),
  orderLineId: z.number(),
  foodId: z.number(),
  name: z.string(),
  unit: z.string(),
  normName: z.string(),
  methodNames: z.array(z.string()),
  additions: z.array(z.object({ name: z.string(), count: z.number() })),
  parts: z.array(z.object({ name: z.string(), count: z.number() })),
  /** decimal text */
  count: z.string(),
  memo: z.string(),
  state: itemStateSchema,
  /** what the line contains (its dish's and chosen options' allergens): marked when the table told of one */
  allergens: allergenCodesSchema,
});
export type TicketItem = z.infer<typeof ticketItemSchema>;

export const ticketSchema = z.object({
  id: z.number(),
  /** the number printed and shown: the ticket's id */
  number: z.number(),
  kind: z.enum(["new", "cancel"]),
  stationId: z.number(),
  stationName: z.string(),
  orderId: z.number(),
  /** set on 加菜: the order this one was added to */
  mainOrderId: z.number().nullable(),
  orderStatus: z.number(),
  tableName: z.string(),
  eatType: z.enum(["dine", "fast", "takeout", "reserve"]),
  /** quick-service pick-up number, or "" */
  fastSerialNo: z.string(),
  personNum: z.number(),
  wholeMemo: z.string(),
  /** the allergies the table told the kitchen during the visit (printed bold: 过敏: 花生) */
  allergies: allergenCodesSchema,
  /** ISO time the ticket was made */
  createdAt: z.string(),
  /** compare-and-set: a bump names the version it saw */
  version: z.number(),
  items: z.array(ticketItemSchema),
});
export type KitchenTicket = z.infer<typeof ticketSchema>;

export const bumpBodySchema = z.object({
  /** the ticket's version the display saw (409 when it changed meanwhile) */
  version: z.number().int().min(0),
  to: z.enum(BUMP_TARGETS),
  /** the items to move; none: every item of the ticket not yet at `to` */
  itemIds: z.array(idSchema).max(200).optional(),
});
export type BumpBody = z.input<typeof bumpBodySchema>;

export const recallBodySchema = z.object({
  /** the bump the display would undo (409 when another bump or recall came since) */
  bumpId: idSchema,
});

export const lastBumpSchema = z
  .object({ id: z.number(), ticketId: z.number(), at: z.string(), by: z.string() })
  .nullable();

export const allDaySchema = z.array(z.object({ foodId: z.number(), name: z.string(), count: z.string() }));

export const stationDisplaySchema = z.object({
  station: stationSchema,
  /** open tickets, oldest first: a new ticket with an item not served, a cancel not yet acknowledged */
  tickets: z.array(ticketSchema),
  allDay: allDaySchema,
  lastBump: lastBumpSchema,
  timers: z.object({ orangeAfterMin: z.number(), redAfterMin: z.number() }),
});
export type StationDisplay = z.infer<typeof stationDisplaySchema>;

export const bumpAnswerSchema = z.object({
  ticket: ticketSchema,
  bumpId: z.number(),
  /** the order's new status when the bump moved it, else null */
  orderStatus: z.number().nullable(),
});

export const recallAnswerSchema = z.object({ ticket: ticketSchema, lastBump: lastBumpSchema });

/** A ticket to print: a reprint says so on the paper (重印) and how many times it was printed again. */
export const ticketPrintSchema = z.object({
  restaurantName: z.string(),
  ticket: ticketSchema,
  reprint: z.boolean(),
  reprintCount: z.number(),
  printedAt: z.string(),
});
export type TicketPrint = z.infer<typeof ticketPrintSchema>;

export const billSchema = z.object({
  restaurantName: z.string(),
  tableName: z.string(),
  orderId: z.number(),
  /** the main order and every order added to it, not cancelled */
  orderIds: z.array(z.number()),
  personNum: z.number(),
  lines: z.array(
    z.object({
      name: z.string(),
      normName: z.string(),
      count: z.string(),
      unit: z.string(),
      unitPrice: z.string(),
      total: z.string(),
    }),
  ),
  /** a takeout's delivery fee ("0.00": none) */
  deliveryFee: z.string(),
  /** what the lines and the delivery fee come to */
  total: z.string(),
  orderedAt: z.string(),
  printedAt: z.string(),
});
export type Bill = z.infer<typeof billSchema>;

/** What the console socket's `kitchen` topic carries. */
export type KitchenTopicMessage =
  | { topic: "kitchen"; type: "ticket.created"; ticket: KitchenTicket }
  | { topic: "kitchen"; type: "ticket.changed"; ticket: KitchenTicket; bumpId: number | null };

/** DELETE …/stations/:sid: the station removed. */
export const stationDeletedSchema = z.object({ id: z.number() });
