import type { StaffRole } from "@tablemate/core";

/** The console's frame: layout, header, not-found, loading and failures. */
export const COMMON_COPY = {
  appName: "Tablemate 管理台",
  appShortName: "管理台",
  home: {
    title: "首页",
    welcome: (name: string) => `${name}，你好`,
    noPages: "你的角色在此门店没有可用的页面",
    today: "今日",
    seated: "在座桌台",
    toAccept: "待接单",
    alerts: "需要处理",
    noAlerts: "暂无需要处理的事项",
    recent: "今日订单",
    noOrders: "今天还没有订单",
    partFailed: (what: string, why: string) => `${what}读取失败：${why}`,
    parts: { numbers: "今日数据", floor: "桌台", orders: "订单", money: "收款", stock: "库存" },
    alert: {
      call: (table: string, minutes: number) => `${table} 呼叫服务员 · ${minutes} 分钟前`,
      prepay: (table: string, minutes: number) => `${table} 请求结账 · ${minutes} 分钟前`,
      held: (table: string, id: number) => `${table} 订单 #${id} 待确认`,
      reservation: (name: string, time: string, id: number) => `预订 #${id} ${name} ${time} 待确认`,
      money: (kind: string, amount: string | null) => `收款异常：${kind}${amount ? ` ¥${amount}` : ""}`,
      soldOut: (names: string) => `已估清：${names}`,
    },
    open: "处理",
  },
  roles: {
    owner: "店主",
    manager: "经理",
    cashier: "收银员",
    waiter: "服务员",
    kitchen: "后厨",
  } satisfies Record<StaffRole, string>,
  restaurant: "门店",
  switchRestaurant: "切换门店",
  signOut: "退出登录",
  signedOut: "已退出登录",
  sessionExpired: "登录已失效，请重新登录",
  loading: "加载中…",
  forbidden: { title: "无权查看", subtitle: "你在此门店的角色不能使用这个页面" },
  notFound: { title: "页面不存在", subtitle: "你访问的管理台页面不存在", back: "返回管理台" },
  pageFailed: { title: "页面加载失败", subtitle: "请检查网络后重试", retry: "重试" },
  network: "网络异常，请稍后重试",
  badAnswer: "服务器返回的数据有误",
  /** a form whose fields the rules refuse: nothing was sent, and why */
  notSaved: (why: string, more: number) => `未保存：${why}${more > 0 ? `（另有 ${more} 处需要修改）` : ""}`,
  collapse: "收起菜单",
  /** the header's language switch (its choices are each language's own name) */
  language: "语言",
  /** between the items of a list in a line of text (花生、芝麻) */
  listSeparator: "、",
  /** between clauses of one line (two reasons) */
  clauseSeparator: "；",
  /** between a label and its value in running text (备注：不要辣) */
  colon: "：",
  /** a remark after a name (小李（13800001111）) */
  parens: (text: string) => `（${text}）`,
  yes: "是",
  no: "否",
  expand: "展开菜单",
} as const;
