import { localized } from "../../i18n/i18n.js";
/** The words of the recharge page (/member/recharge), loaded with it. */
export const RECHARGE_COPY = localized("recharge", {
  title: "会员充值",
  chooseAmount: "选择充值金额",
  /** a custom rule's tile */
  otherAmount: "其他金额",
  customPlaceholder: (minYuan: string) => `请输入充值金额（${minYuan}元起）`,
  customBelow: (minYuan: string) => `充值金额不能低于${minYuan}元`,
  customInvalid: "请输入正确的金额（最多两位小数）",
  /** what reaches the card: the amount and its gift */
  arrives: "到账",
  giftOf: (gift: string) => `（含赠送${gift}）`,
  giftPoints: (points: number) => `赠送${points}积分`,
  submit: "立即充值",
  starting: "正在发起充值…",
  startFailed: "发起充值失败，请重试",
  notOpen: "本店暂未开通会员充值",
  noRules: "本店暂无充值活动",
  loadFailed: "获取充值规则失败，请重试",
  retry: "重试",
  loginFirst: "请先登录会员后再充值",
  chooseCard: "请先选择会员卡",
  toMember: "去会员中心",
  backToMenu: "返回菜单",
  /** the result, once the provider sends the browser back */
  confirming: "正在确认充值结果…",
  slowConfirm: "充值结果确认较慢，请稍后刷新",
  refresh: "刷新",
  success: "充值成功",
  paidAmount: "充值金额",
  gift: "赠送金额",
  points: "赠送积分",
  balance: "当前余额",
  notCompleted: "充值未完成",
  rechargeAgain: "重新充值",
  rechargeMore: "继续充值",
  viewMember: "查看会员卡",
} as const);
