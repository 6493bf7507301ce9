import { z } from "zod";
import { PAY_TEXT } from "../payment/text.js";
import { idSchema } from "./common.js";
import { approvalSchema } from "./console-staff.js";
import { memberPayChoiceSchema } from "./member.js";
import { memberUseSchema } from "./order.js";

/**
 * Payment (issue 18): the diner's pay calls, the table bill split by item, and the console's money
 * views. Money on the wire is yuan as exact text ('12.30'); the server keeps cents.
 */

export const PAY_PROVIDERS = ["sandbox", "wechat", "alipay"] as const;
export type PayProvider = (typeof PAY_PROVIDERS)[number];

export const ATTEMPT_STATUSES = ["pending", "paid", "failed", "closed"] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** Money on the wire: exact decimals as text, two places. */
const yuan = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * A refund the console asks for: yuan with two places, at most ¥99,999,999.99 (what an intent's
 * integer cents and the orders' numeric(12,2) can hold), so no amount reaches yuanToCents out of range.
 */
const REFUND_YUAN = /^\d{1,8}\.\d{2}$/;

/** Our own create-payment calls carry one (header `Idempotency-Key`): same key and body, same answer. */
export const idempotencyKeySchema = z
  .string()
  .min(8, "Idempotency-Key 太短")
  .max(128, "Idempotency-Key 太长")
  .regex(/^[\w.:-]+$/, "Idempotency-Key 格式不正确");

/**
 * Where the provider sends the browser back: a path of the diner app on this server (with its query),
 * never another site (a leading '//' or a scheme would be one).
 */
export const returnPathSchema = z
  .string()
  .max(1000)
  .regex(/^\/(?![/\\])[^\s]*$/, "返回地址不正确")
  .optional();

/** What the browser does next to pay: post a form (the spec's pay form), follow a link, show a QR code. */
export const payNextSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("form"),
    action: z.string(),
    method: z.literal("POST"),
    fields: z.record(z.string(), z.string()),
  }),
  z.object({ kind: z.literal("redirect"), url: z.string() }),
  z.object({ kind: z.literal("qr"), content: z.string() }),
  /** WeChat's JSAPI: the parameters WeixinJSBridge's getBrandWCPayRequest takes */
  z.object({ kind: z.literal("jsapi"), params: z.record(z.string(), z.string()) }),
  /** nothing is left for a gateway: member money (stored value) paid it all, and it is paid */
  z.object({ kind: z.literal("paid") }),
]);
export type PayNext = z.infer<typeof payNextSchema>;

/**
 * POST /deal/api/v1/prepay: start paying an order (its group: the order and what was added to it),
 * with member money if the diner chose some (a coupon, points, stored value: issue 19).
 */
export const prepayRequestSchema = memberPayChoiceSchema.extend({
  rid: idSchema,
  orderId: idSchema,
  returnPath: returnPathSchema,
});
export type PrepayRequest = z.infer<typeof prepayRequestSchema>;

/** The answer of every create-payment call (an order's, a bill share's). */
export const payStartSchema = z.object({
  /** '' when no gateway was asked (next: paid) */
  tradeNo: z.string(),
  amount: yuan,
  provider: z.enum(PAY_PROVIDERS),
  /** a sandbox payment: 测试 wherever a person sees it */
  test: z.boolean(),
  next: payNextSchema,
});
export type PayStart = z.infer<typeof payStartSchema>;

/** POST /deal/api/v1/recharge-prepay's answer (issue 19): every create-payment call's, and the recharge */
export const rechargeStartSchema = payStartSchema.extend({ rechargeId: z.number() });
export type RechargeStart = z.infer<typeof rechargeStartSchema>;

/** GET /deal/api/v1/prepay/attempts/:tradeNo?rid=: the return page asks (a pending attempt is queried at the provider). */
export const payAttemptParamsSchema = z.object({ tradeNo: z.string().min(1).max(64) });
/** A discount taken off before paying (a member price, a 满减 offer, a coupon, points), as /pay shows it. */
const payDiscountSchema = z.object({ kind: z.string(), label: z.string(), amount: yuan });

/** How a payment was made (/pay/success, 000 §2): the gateway's part, stored value, and the discounts. */
export const paidWithSchema = z.object({
  /** what the gateway (WeChat Pay, Alipay, the sandbox) was asked for */
  gateway: yuan,
  storedValue: yuan,
  discounts: z.array(payDiscountSchema),
});
export type PaidWith = z.infer<typeof paidWithSchema>;

export const payAttemptSchema = z.object({
  tradeNo: z.string(),
  status: z.enum(ATTEMPT_STATUSES),
  amount: yuan,
  test: z.boolean(),
  /** the order it pays (an order's attempt), to go on to its detail */
  orderId: z.number().nullable(),
  /** the gateway for which it was made */
  provider: z.enum(PAY_PROVIDERS),
  paidWith: paidWithSchema,
});
export type PayAttempt = z.infer<typeof payAttemptSchema>;

/** GET /deal/api/v1/prepay/orders/:orderId?rid=: what /pay shows, computed by the server. */
export const payOrderParamsSchema = z.object({ orderId: idSchema });
export const payViewSchema = z.object({
  orderId: z.number(),
  restaurantName: z.string(),
  tableName: z.string(),
  /** the order group's total (its goods) */
  total: yuan,
  /** the takeout's delivery fee, a line of its own that no discount reduces ("0.00": none) */
  deliveryFee: yuan,
  /** discounts taken off before paying (coupons, stored value: the members issue fills these) */
  discounts: z.array(payDiscountSchema),
  paid: yuan,
  /** of what is paid, the stored value spent (the rest came through the gateway) */
  storedValue: yuan,
  refunded: yuan,
  due: yuan,
  /** unpaid, paying (an attempt in flight), paid */
  state: z.enum(["unpaid", "paying", "paid"]),
  provider: z.enum(PAY_PROVIDERS),
  test: z.boolean(),
  /** whose member card the order has (a tablemate's: shared), or null */
  member: memberUseSchema.nullable(),
  /** the register takes member money (2.20.00): /pay offers coupons, points and stored value */
  memberPay: z.boolean(),
});
export type PayView = z.infer<typeof payViewSchema>;

// ── the table's bill, paid from phones and split by item (pay later) ──────────────────────────────

/** The most equal parts one dish is split into. */
export const MAX_SHARES = 20;

export const billClaimSchema = z.object({
  share: z.number().int(),
  shares: z.number().int(),
  amount: yuan,
  status: z.enum(["held", "paid"]),
  /** this phone's claim */
  mine: z.boolean(),
});

export const billLineSchema = z.object({
  lineId: z.number(),
  orderId: z.number(),
  name: z.string(),
  /** norm, methods and additions in words */
  detail: z.string(),
  count: z.string(),
  total: yuan,
  /** this diner added it (their own lines are claimed for them by default) */
  mine: z.boolean(),
  /** how many equal parts it is split into (1: whole) */
  shares: z.number().int(),
  claims: z.array(billClaimSchema),
  /** what no claim covers yet */
  left: yuan,
});
export type BillLine = z.infer<typeof billLineSchema>;

/** GET /deal/api/v1/bill?rid=: the visit's bill as this diner sees it. */
export const billViewSchema = z.object({
  visitId: z.number(),
  tableName: z.string(),
  total: yuan,
  paid: yuan,
  left: yuan,
  /** what was refunded of the visit's bill parts (a comp of a paid dish, a staff refund) */
  refunded: yuan,
  /** what this diner's held claims come to (what 支付 charges) */
  mine: yuan,
  lines: z.array(billLineSchema),
  settled: z.boolean(),
  test: z.boolean(),
});
export type BillView = z.infer<typeof billViewSchema>;

/**
 * POST /deal/api/v1/bill/claims: for each line, split it into `shares` parts and hold `take` of them
 * for this diner (0 lets theirs go). A line already split keeps its split while any part is held.
 */
export const billClaimRequestSchema = z.object({
  rid: idSchema,
  claims: z
    .array(
      z.object({
        lineId: idSchema,
        shares: z.number().int().min(1).max(MAX_SHARES),
        take: z.number().int().min(0).max(MAX_SHARES),
      }),
    )
    .min(1)
    .max(200),
});
export type BillClaimRequest = z.infer<typeof billClaimRequestSchema>;

/** POST /deal/api/v1/bill/pay: pay this diner's held claims (header Idempotency-Key). */
export const billPayRequestSchema = z.object({ rid: idSchema, returnPath: returnPathSchema });

// ── the console's money views ──────────────────────────────────────────────────────────────────────

export const consolePaymentSchema = z.object({
  intentId: z.number(),
  orderId: z.number().nullable(),
  visitId: z.number().nullable(),
  tableName: z.string(),
  amount: yuan,
  paid: yuan,
  refunded: yuan,
  status: z.string(),
  test: z.boolean(),
  attempts: z.array(
    z.object({
      tradeNo: z.string(),
      provider: z.enum(PAY_PROVIDERS),
      amount: yuan,
      status: z.enum(ATTEMPT_STATUSES),
      createdAt: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      refundNo: z.string(),
      amount: yuan,
      status: z.enum(["pending", "done", "failed"]),
      reason: z.string(),
      approvedBy: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type ConsolePayment = z.infer<typeof consolePaymentSchema>;

/** Money that needs a person, by kind. */
export const MONEY_ISSUE_KINDS = ["unapplied", "unverified", "refundStuck", "overpaid"] as const;
export const moneyIssueSchema = z.object({
  kind: z.enum(MONEY_ISSUE_KINDS),
  at: z.string(),
  tradeNo: z.string().nullable(),
  refundNo: z.string().nullable(),
  intentId: z.number().nullable(),
  amount: yuan.nullable(),
  detail: z.string(),
});
export type MoneyIssue = z.infer<typeof moneyIssueSchema>;

/** GET …/payments?orderId= or ?tableId=: an order's (its group's) or a table's open visit's payments. */
export const consolePaymentsQuerySchema = z
  .object({ orderId: idSchema.optional(), tableId: idSchema.optional() })
  .refine((q) => (q.orderId === undefined) !== (q.tableId === undefined), "请指定订单或桌台之一");
export const consoleIntentParamSchema = z.object({ rid: idSchema, intentId: idSchema });
export const consoleTradeParamSchema = z.object({ rid: idSchema, tradeNo: z.string().min(1).max(64) });

/** POST …/payments/:intentId/refund: a manager's approval always (core's needsApproval). */
export const consoleRefundRequestSchema = z.object({
  amount: z
    .string({ error: PAY_TEXT.refundAmountFormat })
    .regex(REFUND_YUAN, PAY_TEXT.refundAmountFormat)
    .refine((v) => Number(v) > 0, PAY_TEXT.refundNotPositive),
  reason: z.string().trim().min(1, "请填写退款原因").max(200),
  approval: approvalSchema.optional(),
});

// ── the built-in sandbox gateway (the default provider: a real gateway's behaviour, no real money) ──

/**
 * A restaurant's sandbox switches (tests and staff training), each a way real gateways misbehave:
 * notifications late, twice, out of order or never (the reconciliation job must find those by
 * querying), the payer's card refused, a notification with another amount than was paid.
 */
export const sandboxSwitchesSchema = z.object({
  /** every notification waits this long before it is sent */
  delayMs: z.number().int().min(0).max(60_000).default(0),
  /** every notification is sent twice (the same event) */
  duplicate: z.boolean().default(false),
  /** a trade's notification is held until the next one of that trade has been sent (or a while) */
  outOfOrder: z.boolean().default(false),
  /** no notification is ever sent */
  drop: z.boolean().default(false),
  /** the checkout's 支付 fails (the card is refused) */
  fail: z.boolean().default(false),
  /** notifications carry another amount than the trade's (queries still tell the truth) */
  amountMismatch: z.boolean().default(false),
});
export type SandboxSwitches = z.infer<typeof sandboxSwitchesSchema>;

export const SANDBOX_EVENT_TYPES = [
  "trade.paid",
  "trade.failed",
  "trade.closed",
  "refund.succeeded",
  "refund.failed",
] as const;
export type SandboxEventType = (typeof SANDBOX_EVENT_TYPES)[number];

/** The sandbox's notification body (signed in the Tablemate-Sandbox-Signature header). */
export const sandboxNotificationSchema = z
  .object({
    /** the event's id: a notification sent again carries the same */
    id: z.string().min(1).max(64),
    type: z.enum(SANDBOX_EVENT_TYPES),
    tradeNo: z.string().min(1).max(64),
    transactionId: z.string().min(1).max(64),
    amountCents: z.number().int().min(0),
    refundNo: z.string().min(1).max(64).optional(),
    refundId: z.string().min(1).max(64).optional(),
    at: z.iso.datetime(),
  })
  .refine((event) => !event.type.startsWith("refund.") || (event.refundNo && event.refundId), {
    message: "a refund event names its refund",
  });
export type SandboxNotification = z.infer<typeof sandboxNotificationSchema>;

/** POST PAY_API.sandboxCheckout(tradeNo), form-encoded: the button the payer pressed. */
export const sandboxCheckoutActionSchema = z.object({ action: z.enum(["pay", "fail", "cancel"]) });
export type SandboxCheckoutAction = z.infer<typeof sandboxCheckoutActionSchema>["action"];

/** GET …/payments: an order group's or a table's payments. */
export const consolePaymentListSchema = z.array(consolePaymentSchema);
/** GET …/money-issues: the money that needs a person. */
export const moneyIssueListSchema = z.array(moneyIssueSchema);
/** POST …/payments/:intentId/refund: the refund numbers recorded. */
export const consoleRefundAnswerSchema = z.object({ refunds: z.array(z.string()) });
/** POST …/trades/:tradeNo/requery: the attempt's status now. */
export const requeryAnswerSchema = z.object({ status: z.enum(ATTEMPT_STATUSES) });
