import type { StaffRole } from "@tablemate/core";

/** The console's frame: layout, header, not-found, loading and failures. */
export const COMMON_COPY = {
  appName: "Tablemate 管理台",
  appShortName: "管理台",
  home: {
    title: "首页",
    welcome: (name: string) => `${name}，你好`,
    noPages: "你的角色在此门店没有可用的页面",
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
  collapse: "收起菜单",
  expand: "展开菜单",
} as const;
