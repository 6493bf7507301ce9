import { localized } from "../../i18n/i18n.js";
/** The words of the checkout pages: the order page, the submit's answers, the reservation/takeout form. */
export const SUBMIT_COPY = localized("submit", {
  /** the table picker of quick-service (001 §2) */
  pickTable: "请选择桌台",
  /** the order page's table row: opens the picker for a diner seated elsewhere than the code scanned */
  changeTable: "换桌",
  tableListFailed: "获取桌台列表失败，请重新扫码",
  /** the order page */
  subOrderTitle: "确认订单",
  wholeMemo: "整单备注",
  wholeMemoPlaceholder: "口味、偏好等要求",
  /** the whole order packed to take away (docs/decisions.md: all inside-out) */
  packAll: "整单打包带走",
  personNum: "用餐人数",
  invoiceTitle: "发票抬头",
  invoicePlaceholder: "选填",
  total: "合计",
  memberSaved: (yuan: string) => `会员已省¥${yuan}`,
  /** a takeout's delivery fee, a line of its own that no discount reduces (issue 25) */
  deliveryFee: "配送费",
  /** the member day's step as the bill names it (core's MEMBER_TEXT: 会员日8.8折), and what it saved */
  memberDaySaved: (label: string, yuan: string) => `${label} 已省¥${yuan}`,
  submit: "提交订单",
  submitting: "订单提交中...",
  emptyCart: "购物车是空的，去点几道菜吧",
  backToMenu: "返回点餐",
  periodExpired: (names: string) => `${names} 已进入不可售时段`,
  /** submit answers (000 §8) by core's SubmitReason */
  reasons: {
    failed: "订单提交失败",
    timeout: "下单超时，请稍后重试",
    infoMissing: "订单信息缺失，请重新下单",
    invalid: "订单无效，请重新扫码",
    othersOrdering: "您的同伴正在下单，请稍后再试",
    restaurantNotFound: "餐厅不存在，请重新扫码",
    shopClosed: "本店已打烊，暂时无法下单",
    posOffline: "收银台网络异常，请联系服务员",
    submitting: "订单正在提交中，请稍候",
    tooFrequent: "操作太频繁，请稍后再试",
    other: "请求失败，请重新扫码点餐",
  },
  /** 2000: dishes removed for short stock, all in one message (001 §5), names joined with 、 */
  /** between two of the fixes made to a cart before submitting */
  fixSeparator: "；",
  stockCleared: (names: string) => `您所点的${names}库存数量不足了，已经自动帮您清除了`,
  onlyLeft: (name: string, left: number) => `${name}仅剩${left}份，已为您调整数量`,
  additionsRemoved: (names: string) => `您所点的${names}数量不足了，已自动帮您移除`,
  additionLeft: (name: string, left: number) => `${name}仅剩${left}份，已自动帮您移除`,
  tableSettled: "该桌已结账，您可以重新点餐",
  /** the reservation/takeout form */
  supplyTitle: "填写信息",
  /** the form's facts on the order pages, by kind */
  supplyFactsTitle: { reserve: "预订信息", takeout: "配送信息", pickup: "取餐信息" },
  phone: "手机号",
  phonePlaceholder: "请输入手机号",
  phoneInvalid: "请输入正确的手机号",
  code: "验证码",
  codePlaceholder: "请输入短信验证码",
  codeMissing: (digits: number) => `请输入${digits}位验证码`,
  sendCode: "获取验证码",
  resendIn: (seconds: number) => `${seconds}秒后重新获取`,
  codeSent: "验证码已发送",
  /** no SMS gateway: the code is only in the server's log, where staff can read it */
  codeLogged: "本店暂未开通短信，请向服务员索取验证码",
  codeSendFailed: "验证码发送失败，请重试",
  /** submit code 2008 */
  wrongCode: "验证码错误",
  name: "联系人",
  namePlaceholder: "请输入联系人姓名",
  nameMissing: "请填写联系人",
  sex: "称呼",
  sexMale: "先生",
  sexFemale: "女士",
  people: "人数",
  /** the booked time (core's booking rules): its name by the kind of order */
  times: { reserve: "预订时间", takeout: "送达时间", pickup: "取餐时间" },
  pickTime: (label: string) => `选择${label}`,
  timePlaceholder: "请选择",
  /** takeout and pick-up with no time chosen */
  asap: "尽快",
  today: "今天",
  tomorrow: "明天",
  weekdays: ["周一", "周二", "周三", "周四", "周五", "周六", "周日"],
  noTimes: "近期没有可选的时间",
  /** a booked time refused (the server says the same, 9001) */
  timeMissing: "请选择预订时间",
  timePast: "所选时间已过，请重新选择",
  timeClosed: (hours: string) => `所选时间不在营业时间（${hours}）内，请重新选择`,
  timeTooFar: (days: number) => `只能选择${days === 1 ? "今天" : `${days}天内`}的时间，请重新选择`,
  memo: "备注",
  memoPlaceholder: "其他要求",
  address: "地址",
  addressPlaceholder: "请输入送餐地址",
  addressMissing: "请填写送餐地址",
  next: "下一步",
} as const);
