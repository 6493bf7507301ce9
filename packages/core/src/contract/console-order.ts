import { z } from "zod";
import { consoleOrderSchema } from "./console-floor.js";
import { ticketSchema } from "./console-kitchen.js";
import { consolePaymentSchema } from "./payment.js";

/**
 * One order as the console opens it from anywhere (floor, orders, kitchen, money, home): GET
 * …/orders/:orderId (floor.read). Its lines with who added them and its status moves (the console's
 * order view), its group's payments and refunds, its kitchen tickets, and its history: every audited
 * action on the order, its lines, its tickets and its payments, oldest first.
 */
export const orderHistoryEntrySchema = z.object({
  at: z.string(),
  /** the audit log's action name ('order.cancel', 'ticket.reprint', 'payment.refund', …) */
  action: z.string(),
  /** what it touched: 'order:12', 'orderLine:40', 'ticket:7', 'payment:3' */
  target: z.string(),
  actorName: z.string(),
  approverName: z.string().nullable(),
  /** the reason given, when the action took one */
  reason: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const consoleOrderDetailSchema = z.object({
  order: consoleOrderSchema,
  /** the order group's payments with their attempts and refunds; null: the role may not read money */
  payments: z.array(consolePaymentSchema).nullable(),
  /**
   * the order group's money by the rule the diner's pages read (issue 24): what it owes after
   * discounts, what counts as paid (whole payments kept and bill shares paid), what was refunded, and
   * what is left to pay, and the takeout's delivery fee owed with it ("0.00": none); null: the role may
   * not read money
   */
  money: z
    .object({
      owed: z.string(),
      deliveryFee: z.string(),
      paid: z.string(),
      refunded: z.string(),
      left: z.string(),
    })
    .nullable(),
  tickets: z.array(ticketSchema),
  history: z.array(orderHistoryEntrySchema),
});
export type ConsoleOrderDetail = z.infer<typeof consoleOrderDetailSchema>;
