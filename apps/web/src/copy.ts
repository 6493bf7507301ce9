import { DISH_TEXT } from "@tablemate/core";
import { localized } from "./i18n/i18n.js";
/** Every guest-facing string of the diner app. Quoted strings of the spec are exact. */
export const COPY = localized("app", {
  loading: "客官请稍等...",
  gotIt: "我知道了",
  /** the slow-network toast (spec 000 §8), shown once a call has been pending for 1 s */
  unstableNetwork: "您的网络不稳定请稍后再试",
  /** code 500 on any call (001 §8) */
  systemError: "系统错误",
  posOffline: "老板的收银机网络开小差了，请告诉服务员",
  backToMenu: "返回菜单",
  tableLabel: "桌台",
  /** the top bar where no table is sat at: a takeout's and a reservation's menu */
  modeLabel: { takeout: "外送点餐", reserve: "预订点餐" },
  /** the announcement when the restaurant has none: a welcome (spec 000 §2) */
  defaultAnnouncement: "欢迎光临，很高兴为您服务",
  marketPrice: "时价",
  startingPrice: "起",
  noDishes: "暂无菜品",
  /** the diner count next to the table name */
  dinerCount: (count: number) => `${count}人`,
  /** the top bar's buttons (spec 000 §2), named for screen readers */
  search: "搜索菜品",
  callWaiter: "呼叫服务员",
  orderList: "我的订单",
  refresh: "刷新",
  largeText: "大字模式",
  largeTextGlyph: "大",
  announcement: "公告",
  /** opens the restaurant detail panel from the announcement */
  expandAll: "展开全部",
  discount: "优惠",
  recommendTitle: "老板推荐",
  /** the expand button of the category tabs and the title of the category pop-up */
  allCategories: "全部分类",
  /** under a page of templates 2-4: pulling up goes on to the next category (spec 000 §5) */
  pullForNext: (category: string) => `上拉查看下一类：${category}`,
  searchPlaceholder: "搜索菜品名称",
  searchHint: "输入菜名，找找想吃的",
  searchEmpty: "没有找到相关菜品",
  back: "返回",
  /** between the items of a list in a line of text (花生、芝麻) */
  listSeparator: "、",
  /** the language switch's name (its choices are each language's own name) */
  language: "语言 Language",
} as const);

/** The dish modals, the combo and multi-option pages, the quantity keypad and the cart bar. */
export const DISH_COPY = localized("dish", {
  /** the button of combos and complex dishes (spec 000 §2) */
  choose: "选择",
  plus: "增加",
  minus: "减少",
  addToCart: "加入购物车",
  confirm: "确定",
  cancel: "取消",
  close: "关闭",
  back: "返回",
  norms: "规格",
  /** the keypad's prompt: a count, or a weight for weighed dishes */
  enterCount: "请输入数量",
  enterWeight: "请输入重量",
  weight: "重量",
  changeWeight: "修改",
  soldOut: "售罄",
  markupPercent: (percent: string) => `+${percent}%`,
  additionSoldOut: "已售完",
  /** a combo group's heading note: how many to pick, or that it is all included */
  pickCount: (pick: number, picked: number) => `任选${pick}份（已选${picked}）`,
  fixedGroup: "固定搭配",
  groupFull: (n: number) => `该分组最多选${n}份`,
  chooseGroup: (name: string) => `请选择${name}`,
  /** the cart bar (spec 000 §2) */
  clearCart: "清空购物车",
  clearCartConfirm: "确定清空购物车吗？",
  toOrder: "去下单",
  cartTitle: "已选菜品",
  emptyCart: "购物车是空的",
  notChosen: "未选购菜品",
  cart: "购物车",
  cartNotReady: "购物车尚未就绪，请稍后再试",
  dishMissing: "菜品不存在",
  badQuantity: "数量不正确",
} as const);

/** A dish card's small texts, member tag and low-stock hint: core's words (the spec's), in the language shown. */
export const DISH_TEXT_COPY = localized("dishText", { ...DISH_TEXT });

/** The shared cart (spec 000 §4, 001 §2, §4, §5). */
export const SHARED_CART_COPY = localized("sharedCart", {
  /** a tablemate emptied the cart: shown to everyone else on the menu, search and order pages */
  companionCleared: "您的同伴已清空购物车，请重新点餐哦~",
  gotIt: "我知道了",
  reconnecting: "网络连接中断，正在重新连接…",
  localMode: "网络不稳定，已切换为本地点餐",
  added: (name: string, dish: string) => `${name}加了${dish}`,
  removed: (name: string, dish: string) => `${name}减了${dish}`,
  noteTitle: "备注",
  notePlaceholder: "请输入口味、偏好等要求",
  noteClear: "清空",
  noteSave: "保存",
  noteCancel: "取消",
  noteHint: "点按菜品可添加备注",
  peopleTitle: "用餐人数",
  people: (n: number) => `${n}人`,
} as const);

/**
 * The checkout words the menu itself shows (spec 000 §4, §8): the to-order button, a tablemate's
 * order, the bell. The pages' own words load with them: features/checkout/checkout-copy.ts and
 * features/order/order-copy.ts.
 */
export const CHECKOUT_COPY = localized("checkout", {
  /** the to-order button */
  closed: "已打烊",
  short: (yuan: string) => `还差¥${yuan}起送`,
  chosen: "选好了",
  toOrder: "去下单",
  cancel: "取消",
  confirm: "确定",
  /** a tablemate ordered first (6666, and the socket's order message) */
  companionOrdered: "你的同伴已经下单",
  viewOrder: "查看订单",
  addDishes: "继续加菜",
  companionCancelled: "你的同伴取消了订单，请重新点餐",
  /** type 12 status 7 while adding to the order (001 §4) */
  settledByCashier: "收银端已进行结账，您可重新扫码进行点餐",
  gotIt: "我知道了",
  /** the call-waiter bell */
  callFailed: "呼叫失败",
  called: "已通知服务员，请稍候",
} as const);
