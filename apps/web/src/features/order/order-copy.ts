/** The words of the order pages: the order detail, its statuses, cancel, the order list. */
export const ORDER_COPY = {
  /** the order detail (001 §3) */
  detailTitle: "订单详情",
  orderNo: "订单号",
  table: "桌台",
  submitTime: "下单时间",
  /** when the restaurant took the order (posTime) */
  posTime: "接单时间",
  serialNo: "取餐号",
  wholeMemoLabel: "整单备注",
  invoice: "发票抬头",
  reserveInfo: "预订信息",
  dishes: "菜品",
  totalPrice: "菜品总额",
  vipTotal: "会员价合计",
  discount: "优惠",
  serviceMoney: "服务费",
  paid: "已付",
  needPay: "待付金额",
  addToOrder: "加菜",
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
} as const;
