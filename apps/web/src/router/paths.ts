/** Paths of the app, under the configured prefix (spec 000 §2). */
export const PATHS = {
  entry: "/",
  main: "/main",
  /** the diner-count step before the menu, where the restaurant needs the count (spec 000 §2) */
  selectNumber: "/selectNumber",
  search: "/search",
  businessMap: "/business/map",
  /** a later issue's page; the menu's order-list button already leads there */
  orderList: "/order/list",
  /** a multi-option dish's page and a combo's page (spec 000 §2), with the dish in `foodId` */
  foodBatch: "/foodBatch",
  foodCombo: "/foodCombo",
  /** the order confirmation page (the checkout issue) */
  subOrder: "/order/subOrder",
  /** the reservation/takeout form (spec 000 §2) */
  supplyInfo: "/supplyInfo",
  /** an order, with `orderId`; also reached as /orderDetail (001 §2) */
  orderDetail: "/order/detail",
  orderDetailShort: "/orderDetail",
  /** paying an order (`orderId`), or this diner's part of the table's bill (`bill=1`) */
  pay: "/pay",
  /** where the provider sends the browser back (`tradeNo`): the result as the server knows it */
  paySuccess: "/pay/success",
  /** the coupon choice of /pay (`orderId`), back to /pay with the coupon chosen (001 §2) */
  memberSelectCoupons: "/member/selectCoupons",
  abnormal: "/prompt/abnormal",
  noOrder: "/prompt/order",
  overdue: "/prompt/overdue",
  logout: "/prompt/logout",
} as const;

/** 001's short forms of the prompt pages; they redirect to /prompt/* keeping the query (DECISIONS). */
export const SHORT_FORM_REDIRECTS: ReadonlyArray<{ from: string; to: string }> = [
  { from: "/abnormal", to: PATHS.abnormal },
  { from: "/no/order", to: PATHS.noOrder },
  { from: "/overdue", to: PATHS.overdue },
  { from: "/logout", to: PATHS.logout },
  /** 001 §2's other name of the order detail */
  { from: PATHS.orderDetailShort, to: PATHS.orderDetail },
];
