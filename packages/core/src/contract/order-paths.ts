/**
 * The order pages' paths (the period check and submit, the table picker, a supply form's phone code,
 * an order's detail, the list, cancel): only pages loaded after the menu call them. A module of its
 * own, apart from DINER_API, so the menu's first screen, whose JavaScript has a budget
 * (e2e/bundle.e2e.ts), carries none of them (a bundler keeps an object, and a module's used exports,
 * in one chunk).
 */
export const ORDER_API = {
  selectDesk: "/table/selectDesk",
  cartPeriodSale: "/cloud/api/v1/cart-period-sale",
  localCartPeriodSale: "/cloud/api/v1/local-cart-period-sale",
  orderSubmit: "/deal/api/v1/order-submit",
  /** the order id is appended */
  orderDetail: "/cloud/api/v2/orders",
  /** not in the spec: the diner's orders in a restaurant */
  orderList: "/cloud/api/v1/orders",
  /** not in the spec: `${orderList}/{orderId}/cancel` */
  orderCancel: (orderId: number | string) => `/cloud/api/v1/orders/${orderId}/cancel`,
  /** not in the spec: sends a verification code to a phone (takeout and reservation, code 2008) */
  phoneCode: "/cloud/api/v1/phone-code",
} as const;
