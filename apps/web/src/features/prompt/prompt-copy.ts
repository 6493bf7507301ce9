import type { StartupFailure } from "@tablemate/core";
import { localized } from "../../i18n/i18n.js";

// The prompt pages' words, loaded with those pages (not on the menu's first screen).

/** The prompt pages' headlines and actions (the reasons below them are the spec's). */
export const PROMPT_COPY = localized("prompt", {
  notFound: "页面不存在",
  notFoundHint: "您访问的页面不存在或已下线",
  rescanToEnter: "请重新扫码进入",
  /** the guard's reason: a page that needs a started session was opened without one */
  sessionExpired: "页面已失效",
  pageError: "页面出错了",
  pageErrorHint: "请重试，或重新扫描餐桌上的二维码",
  noOrder: "暂无订单",
  noOrderHint: "您还没有下单，快去点餐吧",
  overdue: "二维码已过期",
  overdueHint: "请重新扫描桌上的二维码点餐",
  logout: "您已退出登录",
  logoutHint: "回到菜单可以继续点餐",
  noHotelid: "没有hotelid",
  tableNotFound: "没有找到您的餐桌",
  modeRefused: "暂时不能这样点餐",
  whoAreYou: "无法确认您的身份",
  menuNotOpened: "菜单没有打开",
  reasonSeparator: "，",
  retry: "重试",
  rescan: "重新扫码",
  scanHint: "请用微信或手机相机扫描餐桌上的二维码，即可重新进入点餐",
} as const);

/** Why startup stopped, as the abnormal page shows it under 请重新扫码进入. */
export const STARTUP_FAILURE_TEXT: Record<StartupFailure, string> = localized("startupFailure", {
  hotelid: PROMPT_COPY.noHotelid,
  guid: "无法识别您的身份，请允许浏览器使用Cookie",
  auth: "获取用户信息失败",
  restaurantInfo: "获取餐厅信息失败",
  cardVersion: "获取收银系统版本失败",
  shopMode: "本店暂不支持该点餐方式",
  tableInfo: "获取桌台信息失败",
  cartId: "获取购物车失败",
  crmType: "获取会员信息失败",
  tableJoin: "加入桌台失败",
  foodCategory: "获取菜品分类失败",
  foodList: "获取菜品列表失败",
  memos: "获取备注信息失败",
});
