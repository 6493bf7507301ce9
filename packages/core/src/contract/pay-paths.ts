type Id = number | string;

/**
 * Paying (issue 18), in the spec's prepay group under /deal/api/v1: apart from DINER_API, and in a
 * module of its own, so the menu's first screen carries none of it (a bundler keeps a module's used
 * exports together: beside DINER_API, these would ride in the first screen's chunk; the pay pages
 * load them when visited).
 */
export const PAY_API = {
  /** POST {rid, orderId}, header Idempotency-Key: start paying an order group */
  prepay: "/deal/api/v1/prepay",
  /** GET ?rid=: what /pay shows for an order */
  payOrder: (orderId: Id) => `/deal/api/v1/prepay/orders/${orderId}`,
  /** GET ?rid=: an attempt's state (the return page; a pending one is queried at the provider) */
  payAttempt: (tradeNo: string) => `/deal/api/v1/prepay/attempts/${tradeNo}`,
  /** POST: the providers' asynchronous notifications (the prepay group's callback), raw body verified */
  payNotify: (provider: string) => `/deal/api/v1/pay-notify/${provider}`,
  /** GET ?rid=: the table's bill; POST claims; POST pay (header Idempotency-Key) */
  bill: "/deal/api/v1/bill",
  billClaims: "/deal/api/v1/bill/claims",
  billPay: "/deal/api/v1/bill/pay",
  /** the sandbox gateway's hosted checkout page (GET) and its buttons (POST action=pay|fail|cancel) */
  sandboxCheckout: (tradeNo: string) => `/sandbox-pay/checkout/${tradeNo}`,
} as const;
