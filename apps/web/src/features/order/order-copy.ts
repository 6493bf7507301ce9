import { localized } from "../../i18n/i18n.js";
/** The words of the order pages: the order detail, its statuses, cancel, the order list. */
export const ORDER_COPY = localized("order", {
  /** the order detail (001 §3) */
  detailTitle: "订单详情",
  orderNo: "订单号",
  table: "桌台",
  submitTime: "下单时间",
  /** when the restaurant took the order (posTime) */
  posTime: "接单时间",
  serialNo: "取餐号",
  /** the pick-up screen's hint: before the counter calls the number, and once it has */
  pickUpWait: "请留意叫号，叫到后凭取餐号取餐",
  pickUpCalled: "已叫号，请到取餐台取餐",
  wholeMemoLabel: "整单备注",
  invoice: "发票抬头",
  dishes: "菜品",
  totalPrice: "菜品总额",
  vipTotal: "会员价合计",
  discount: "优惠",
  serviceMoney: "服务费",
  /** a takeout's delivery fee, and when it should arrive (the restaurant's clock, issue 25) */
  deliveryFee: "配送费",
  estimatedArrival: (time: string) => `预计送达 ${time}`,
  paid: "已付",
  /** what was refunded of its payments (a cancelled paid order) */
  refunded: "已退款",
  needPay: "待付金额",
  /** pay now (prepayment, quick-service), or this diner's part of the table's bill (pay later) */
  goPay: "去支付",
  payBill: "手机买单",
  /** the order's payments: paid, or an attempt the provider has not answered yet */
  payments: "支付记录",
  payPaid: "已支付",
  payPending: "处理中",
  /** a sandbox payment */
  testTag: "测试",
  addToOrder: "加菜",
  /**
   * prepayment, once the first order is paid (000 §2; the words are ours): the card is fixed by the
   * payment, so member benefits go through the cashier; or a tablemate paid with their card
   */
  prepaidCashier: "首单已支付，如需使用会员权益，请联系收银员",
  prepaidCompanion: "您的同伴已支付，您已享受同伴的会员权益",
  cancelOrder: "取消订单",
  cancelConfirm: "确定取消订单吗？",
  cancelled: "订单已取消",
  cancelPaying: "支付中，不能取消订单",
  cancelFailed: "取消订单失败，请重试",
  /** a cancelled order's detail: its lines struck through, what it came to, who and when */
  cancelledTag: "已取消",
  cancelledTotal: "已取消金额",
  cancelledByLabel: "取消人",
  cancelledBySelf: "您本人",
  cancelledByTablemate: "同桌的朋友",
  cancelledByRestaurant: "餐厅",
  cancelledAt: "取消时间",
  cancelReason: "取消原因",
  orderAgain: "重新点餐",
  /** an order the link names that this diner cannot see, or no order at all */
  notFound: "没有找到这笔订单",
  notFoundHint: "订单可能属于其他桌台，或链接已失效",
  viewOrders: "查看我的订单",
  loadFailed: "获取订单失败，请重试",
  retry: "重试",
  /** status 0 that the restaurant's gate holds until a waiter confirms it (ours) */
  awaitingConfirmation: "待确认",
  /** a waiter acknowledged the table's call (socket type 40) */
  waiterAnswered: "服务员已收到",
  unknownStatus: "处理中",
  /** the order list */
  listTitle: "我的订单",
  listEmpty: "暂无订单",
  goOrder: "去点餐",
} as const);

/**
 * An order's progress in core's words (order-status.ts, fulfilment.ts: 已下单, 配送中, 待确认…), each keyed
 * by itself, so the catalogues translate core's one answer: the source text is the message's id.
 */
export const PROGRESS_WORDS = localized("progress", {
  已下单: "已下单",
  已接单: "已接单",
  制作中: "制作中",
  已取消: "已取消",
  已关闭: "已关闭",
  已结账: "已结账",
  已上菜: "已上菜",
  配送中: "配送中",
  已送达: "已送达",
  已确认: "已确认",
  已拒绝: "已拒绝",
  请取餐: "请取餐",
  待确认: "待确认",
  已出餐: "已出餐",
  处理中: "处理中",
} as const);
