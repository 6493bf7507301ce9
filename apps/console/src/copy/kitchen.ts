import type { BumpTarget, ItemState } from "@tablemate/core";

/** The kitchen display (/console/kitchen). */
export const KITCHEN_COPY = {
  title: "厨房",
  pickStation: "选择档口",
  noStations: "还没有档口，请先在「档口」页添加",
  manageStations: "管理档口",
  changeStation: "切换档口",
  openTickets: (n: number) => `${n} 张单`,
  empty: "暂无待做的单",
  allDay: "待做汇总",
  allDayEmpty: "无",
  recall: "撤回上一步",
  nothingToRecall: "没有可撤回的操作",
  recalled: "已撤回",
  mute: "静音",
  unmute: "开启提示音",
  live: "实时",
  offline: "连接中断，正在重连…",
  print: "打印",
  reprint: "重印",
  /** a ticket shows its order's number (core's orderNumber), as every other view of the order does */
  openOrder: (number: string) => `查看订单 ${number}`,
  cancelTicket: "退菜",
  addOn: "加菜",
  /** a line holding an allergy the table told of */
  contains: (words: string) => `含${words}`,
  persons: (n: number) => `${n}人`,
  states: {
    held: "待做",
    cooking: "制作中",
    ready: "待上菜",
    served: "已上",
    void: "已取消",
  } satisfies Record<ItemState, string>,
  bump: {
    cooking: "开始制作",
    ready: "出餐",
    served: "已上菜",
  } satisfies Record<BumpTarget, string>,
  acknowledge: "知道了",
  changed: "这张单刚被更新，已刷新",
  failed: "操作失败",
} as const;

/** Stations and what they cook (/console/stations). */
export const STATIONS_COPY = {
  title: "档口",
  add: "添加档口",
  edit: "编辑",
  remove: "删除",
  removeConfirm: (name: string) => `删除档口「${name}」？`,
  name: "名称",
  sort: "顺序",
  categories: "负责的分类",
  categoriesHint: "一个分类可以交给两个档口；没有档口负责的菜品送到第一个档口",
  none: "未分配",
  save: "保存",
  cancel: "取消",
  saved: "已保存",
  removed: "已删除",
  nameRequired: "请填写档口名称",
} as const;

/**
 * Printing kitchen tickets and the customer's bill on a receipt printer (/console/print). The page's
 * own words follow the console's language; the printed ticket's and bill's stay the restaurant's
 * (i18n/catalogue.ts).
 */
export const PRINT_COPY = {
  title: "打印",
  browserTitle: "浏览器打印",
  ticket: "厨房单",
  bill: "结账单",
  ticketNumber: "厨房单号",
  orderNumber: "订单号",
  paper: "纸宽",
  paper58: "58 毫米",
  paper80: "80 毫米",
  print: "打印",
  reprint: "重印",
  reprintLabel: "重印",
  reprintCount: (n: number) => `第 ${n} 次重印`,
  back: "返回",
  table: "桌台",
  time: "时间",
  order: "订单",
  persons: "人数",
  memo: "整单备注",
  cancelled: "退菜单",
  total: "合计",
  unitPrice: "单价",
  count: "数量",
  amount: "金额",
  thanks: "谢谢惠顾，欢迎再次光临",
  colon: "：",
  listSeparator: "、",
  addOn: "加菜",
  personCount: (n: number) => `${n}人`,
  /** a line holding an allergy the table told of */
  contains: (words: string) => `含${words}`,
  printedAt: "打印时间",
  /** a takeout's delivery fee on the customer's bill */
  deliveryFee: "配送费",
  hint: "在浏览器的打印对话框中选择小票打印机，纸张与所选纸宽一致，边距为无",
  loadFailed: "加载失败",
} as const;
