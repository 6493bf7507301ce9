import type { StartupFailure } from "@tablemate/core";

/** Every guest-facing string of the diner app. Quoted strings of the spec are exact. */
export const COPY = {
  loading: "客官请稍等...",
  noHotelid: "没有hotelid",
  gotIt: "我知道了",
  /** for the slow-network toast (spec 000 §8), shown 1 s after a call fails for lack of network */
  unstableNetwork: "您的网络不稳定请稍后再试",
  posOffline: "老板的收银机网络开小差了，请告诉服务员",
  notFound: "页面不存在",
  notFoundHint: "您访问的页面不存在或已下线",
  backToMenu: "返回菜单",
  rescanToEnter: "请重新扫码进入",
  /** the guard's reason: a page that needs a started session was opened without one */
  sessionExpired: "页面已失效",
  pageError: "页面出错了",
  noOrder: "暂无订单",
  noOrderHint: "您还没有下单，快去点餐吧",
  overdue: "二维码已过期",
  overdueHint: "请重新扫描桌上的二维码点餐",
  logout: "您已退出登录",
  tableLabel: "桌台",
  /** the announcement when the restaurant has none: a welcome (spec 000 §2) */
  defaultAnnouncement: "欢迎光临，很高兴为您服务",
  yuan: "¥",
  marketPrice: "时价",
  startingPrice: "起",
  noDishes: "暂无菜品",
  /** the diner count next to the table name */
  dinerCount: (count: number) => `${count}人`,
} as const;

/** Why startup stopped, as the abnormal page shows it under 请重新扫码进入. */
export const STARTUP_FAILURE_TEXT: Record<StartupFailure, string> = {
  hotelid: COPY.noHotelid,
  guid: "无法识别您的身份，请允许浏览器使用Cookie",
  auth: "获取用户信息失败",
  restaurantInfo: "获取餐厅信息失败",
  shopMode: "本店暂不支持该点餐方式",
  tableInfo: "获取桌台信息失败",
  cartId: "获取购物车失败",
  crmType: "获取会员信息失败",
  tableJoin: "加入桌台失败",
  foodCategory: "获取菜品分类失败",
  foodList: "获取菜品列表失败",
  memos: "获取备注信息失败",
};
