import type { MemberPrivilegeKey } from "@tablemate/core";
import { localized } from "../../i18n/i18n.js";

/**
 * The member side's words (issue 19; spec 001 §2, §3, §8): loaded with the member banner and the
 * member pages, never with the menu's first screen, whose script budget they would spend.
 */
export const MEMBER_COPY = localized("member", {
  /** token handling (001 §8) */
  refreshFailed: "获取信息失败，请稍后重试！",
  loadFailed: "加载失败，请稍后重试",
  unavailable: "本店会员服务暂不可用",
  needMember: "登录并开通会员后即可查看",
  toCenter: "去会员中心",
  retry: "重试",

  /** the banner on the menu (001 §2) */
  join: "加入会员，享会员专属价",
  joinAction: "立即加入",
  details: "会员详情",
  points: "积分",
  balance: "余额",
  coupons: "优惠券",
  rechargeTip: "储值享好礼，去充值",

  /** the new-member coupon dialog (000 §2, §4) */
  newMemberTitle: "新会员专享好礼",
  newMemberHint: "开通会员即可领取以下优惠券",
  newMemberAction: "立即开通",
  close: "关闭",
  couponCount: (n: number) => `×${n}`,
  validAfterGiven: (afterDays: number, days: number) =>
    afterDays > 0 ? `领取${afterDays}天后生效，有效${days}天` : `领取后${days}天内有效`,

  /** the member centre (/member/member) */
  centerTitle: "会员中心",
  loginTitle: "手机号登录",
  loginHint: "登录后查看会员卡、积分、余额和优惠券",
  phone: "手机号",
  phonePlaceholder: "请输入手机号",
  code: "验证码",
  codePlaceholder: "请输入验证码",
  sendCode: "获取验证码",
  resendIn: (seconds: number) => `${seconds}秒后重发`,
  /** only when the server says a text went out */
  codeSentSms: "验证码已发送",
  /** no SMS gateway: the server wrote the code to its log */
  codeInLog: "开发模式：未配置短信服务，验证码已写入服务器日志",
  codeSendFailed: "验证码发送失败，请稍后重试",
  login: "登录",
  loginFailed: "登录失败，请重试",
  phoneInvalid: "请输入正确的手机号",
  codeEmpty: "请输入验证码",
  activateTitle: "开通会员",
  activateHint: "开通本店会员卡，享会员价、积分和专属优惠",
  activate: "开通会员",
  activateFailed: "开通失败，请稍后重试",
  contactWaiter: "请联系服务员办理会员，即可享受会员特权",
  cardNotHere: "该会员卡不能在本店使用",
  logout: "退出登录",
  logoutConfirm: "确定退出登录吗？",
  cancel: "取消",
  confirm: "确定",
  cardNum: "卡号",
  cardFrozen: "已冻结",
  privilegesTitle: "会员特权",
  myInfo: "会员资料",
  cardNumEntry: "会员码",

  /** the old member system's campaigns on the member centre (001 §7, old only) */
  campaignsTitle: "会员活动",
  campaignsFailed: "活动加载失败",
  takeCoupon: "领取",
  couponTaken: "已领取",
  couponReceived: "领取成功，已放入我的优惠券",
  couponTakenBefore: "您已领取过该券",
  takeFailed: "领取失败，请稍后重试",
  drawRedpacket: "抽红包",
  redpacketDrawn: "已抽取",
  redpacket: "红包",
  redpacketUpTo: (yuan: string) => `最高¥${yuan}`,
  redpacketWon: (yuan: string) => `抽中 ¥${yuan}，已存入余额`,
  drawFailed: "抽取失败，请稍后重试",
  campaignBetween: (start: string, end: string) => `活动时间 ${start} 至 ${end}`,
  campaignUntil: (end: string) => `活动截至 ${end}`,
  campaignFrom: (start: string) => `${start} 开始`,

  /** the card page (/memberCard) */
  cardTitle: "会员卡",
  equitiesTitle: "会员权益",
  memberDay: "会员日",
  memberDayNone: "暂无会员日",
  memberDayToday: "今天是会员日",
  everyWeek: (days: string) => `每周${days}`,
  everyMonth: (days: string) => `每月${days}`,
  monthDay: (day: number) => `${day}日`,
  switchCard: "切换会员卡",
  chooseCard: "选择会员卡",
  currentCard: "当前使用",
  useCard: "使用此卡",
  cardChosen: "已切换会员卡",
  switchFailed: "切换失败，请稍后重试",

  /** member info (/member/info) */
  infoTitle: "会员资料",
  name: "姓名",
  namePlaceholder: "请输入姓名",
  sex: "性别",
  birthday: "生日",
  lunar: "农历生日",
  save: "保存",
  saved: "保存成功",
  saveFailed: "保存失败，请重试",

  /** points, balance, coupons, card number */
  integralTitle: "我的积分",
  pointsNow: "当前积分",
  pointsHint: "消费可累积积分，结账时可用积分抵扣",
  balanceTitle: "我的余额",
  balanceNow: "可用余额（元）",
  principal: "本金",
  gift: "赠送",
  toRecharge: "去充值",
  couponsTitle: "我的优惠券",
  invalidCouponsTitle: "已失效的优惠券",
  viewInvalid: "查看已失效的优惠券",
  noCoupons: "暂无可用优惠券",
  noInvalidCoupons: "暂无已失效的优惠券",
  cashCoupon: "代金券",
  goodsVoucher: "菜品券",
  goodsFor: (dish: string) => `可兑换：${dish}`,
  minSpend: (yuan: string) => `满${yuan}元可用`,
  noMinSpend: "无门槛",
  validAlways: "长期有效",
  validBetween: (start: string, end: string) => `有效期 ${start} 至 ${end}`,
  validUntil: (end: string) => `${end} 前有效`,
  validFrom: (start: string) => `${start} 起有效`,
  couponState: { used: "已使用", expired: "已过期", locked: "使用中" } as Record<string, string>,
  /** the balance and points histories (issue 25): the entries' kinds as each list names them */
  balanceHistoryTitle: "余额明细",
  pointsHistoryTitle: "积分明细",
  viewHistory: "查看明细",
  historyEmpty: "暂无明细",
  historyMore: "加载更多",
  historyEnd: "没有更多了",
  balanceAfter: (yuan: string) => `余额 ¥${yuan}`,
  pointsAfter: (points: number) => `剩余 ${points}`,
  historyOther: "其他",
  balanceKinds: {
    recharge: "充值",
    gift: "充值赠送",
    spend: "消费",
    refund: "充值退款",
    restore: "退单退回",
    adjustment: "余额调整",
  } as Record<string, string>,
  pointsKinds: {
    gift: "充值赠送",
    earn: "消费获得",
    spend: "积分抵扣",
    restore: "退单退回",
    reverse: "退单扣回",
    adjustment: "积分调整",
  } as Record<string, string>,
  numTitle: "会员卡号",
  numHint: "结账时出示给收银员",
  /** 10024, 10025: the card right is unavailable; 10020: frozen (the server's words come first) */
  cardRightUnavailable: "会员卡权益暂不可用",
  cardFrozenMessage: "会员卡已冻结，请联系服务员",
} as const);

/** The 8 privileges of core's MEMBER_PRIVILEGES, in words (001 §3). */
export const PRIVILEGE_LABELS: Record<MemberPrivilegeKey, string> = localized("privileges", {
  memberPrice: "会员价",
  consumePoints: "消费积分",
  exclusiveDiscount: "专属折扣",
  rechargeGift: "充值赠送",
  more: "更多特权",
  storedValue: "储值支付",
  pointsDeduction: "积分抵现",
  memberDay: "会员日",
});

/** Sex as member info keeps it: 0 not said, 1 male, 2 female. */
export const SEX_LABELS = localized("sex", ["保密", "男", "女"] as const);

/** Weekdays 1-7 (Monday to Sunday, as the sale days count them). */
export const WEEKDAY_LABELS = localized("weekdays", ["一", "二", "三", "四", "五", "六", "日"] as const);
