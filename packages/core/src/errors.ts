import { MEMBER_CODES } from "./contract/member-paths.js";
import { CANCEL_CODES, SUBMIT_CODES } from "./contract/order.js";

/** One refusal: the HTTP status it travels with, the envelope code the client reads, its message. */
export interface ErrorEntry {
  status: number;
  code: number;
  message: string;
}

/**
 * One table of every refusal the server answers, on HTTP and on the socket: stable key, HTTP status,
 * the envelope code the client reads, and the guest-facing message (a thrower may say more, never
 * something else). The client reads codes, never text: the code constants the entries are built
 * from (SUBMIT_CODES, CANCEL_CODES, MEMBER_CODES), which keep this table's text out of the diner app's bundle.
 */
export const ERRORS = {
  badRequest: { status: 400, code: 400, message: "请求参数有误" },
  /** a path or query that is not valid percent-encoding (`%FF`) */
  badUrl: { status: 400, code: 400, message: "请求地址有误" },
  /** a JSON body that does not parse, or an empty one */
  badJson: { status: 400, code: 400, message: "请求内容不是有效的 JSON" },
  /** a NUL character or an unpaired UTF-16 surrogate in any text (see findBadText) */
  badText: { status: 400, code: 400, message: "文字中含有无法识别的字符" },
  /** a path parameter longer than the router takes */
  urlTooLong: { status: 414, code: 414, message: "请求地址过长" },
  bodyTooLarge: { status: 413, code: 413, message: "请求内容过大" },
  unsupportedMediaType: { status: 415, code: 415, message: "不支持的请求内容类型" },
  /** a change sent by a page of another origin (another site, or another port of this host) */
  crossOrigin: { status: 403, code: 403, message: "请求来源不符，已拒绝" },
  unauthorized: { status: 401, code: 401, message: "身份已失效，请重新扫码" },
  /** a payload names another visitor than the credential's (a tablemate's id is not a key) */
  wrongVisitor: { status: 403, code: SUBMIT_CODES.invalid, message: "身份不符，请重新扫码" },
  /** a table's cart, seat or order reached by a visitor not seated at its current visit */
  notSeated: { status: 403, code: 403, message: "请先扫码入座" },
  /** the party's visit ended (settled or cleared): a new scan starts the next one */
  visitEnded: { status: 409, code: SUBMIT_CODES.tableSettled, message: "本次用餐已结束，请重新扫码点餐" },
  invalidTableToken: { status: 403, code: SUBMIT_CODES.invalid, message: "桌台码无效，请重新扫码" },
  restaurantNotFound: { status: 404, code: SUBMIT_CODES.restaurantNotFound, message: "餐厅不存在" },
  tableNotFound: { status: 404, code: 404, message: "桌台不存在" },
  cartNotFound: { status: 404, code: 404, message: "购物车不存在" },
  notFound: { status: 404, code: 404, message: "请求的资源不存在" },
  /** no route for this method and path */
  unknownRoute: { status: 404, code: 404, message: "请求的资源不存在" },
  /** a feature the restaurant has not switched on (or whose register is too old for it) */
  featureOff: { status: 403, code: 403, message: "本店未开通此服务" },
  /** a staff route without a live session (none, expired, revoked, or its account disabled) or API key */
  staffSignedOut: { status: 401, code: 401, message: "请先登录" },
  /** signed in, but not at this restaurant, or the role lacks the permission */
  staffForbidden: { status: 403, code: 403, message: "没有权限" },
  /** sign-in: an unknown login, a wrong password or a disabled account (never says which) */
  loginFailed: { status: 401, code: 4011, message: "账号或密码错误" },
  /** a PIN switch whose PIN is nobody's at that restaurant */
  pinFailed: { status: 401, code: 4012, message: "PIN 码错误" },
  /** the change-password form's current password is wrong */
  currentPasswordWrong: { status: 403, code: 4033, message: "当前密码错误" },
  /** too many failed sign-ins, PINs or approvals: per account, per address, per device */
  tooManyAttempts: { status: 429, code: 4291, message: "尝试次数过多，请 15 分钟后再试" },
  /** a sensitive action sent without a manager's approval (core's needsApproval) */
  approvalRequired: { status: 403, code: 4031, message: "此操作需要经理授权" },
  /** the approval's login and PIN are not a staff member who may approve at this restaurant */
  approvalInvalid: { status: 403, code: 4032, message: "授权人账号或 PIN 码错误，或无授权权限" },
  /** a manager creating, changing or disabling an owner (only owners manage owners) */
  ownerOnly: { status: 403, code: 4034, message: "只有店主可以管理店主账号" },
  /** an account that also works at a restaurant where the caller may not manage staff */
  accountElsewhere: { status: 403, code: 4035, message: "该账号还属于其他门店，无法在此修改" },
  loginTaken: { status: 409, code: 4095, message: "登录名已被使用" },
  pinTaken: { status: 409, code: 4096, message: "本店已有员工使用这个 PIN 码" },
  /** a restaurant keeps at least one owner, and nobody disables their own account */
  lastOwner: { status: 409, code: 4097, message: "门店至少要保留一位店主" },
  selfDisable: { status: 409, code: 4098, message: "不能停用自己的账号" },
  staffNotFound: { status: 404, code: 404, message: "员工不存在" },
  apiKeyNotFound: { status: 404, code: 404, message: "API 密钥不存在" },
  orderMoveRefused: { status: 409, code: 4091, message: "订单状态不允许此操作" },
  nothingToSettle: { status: 409, code: 4092, message: "该桌没有待结账的订单" },
  tableHasOrders: { status: 409, code: 4093, message: "该桌还有未结账的订单，请先结账" },
  noOpenVisit: { status: 409, code: 4094, message: "该桌没有进行中的用餐" },
  // menu management (console)
  /** a dish breaks a rule of core's dishProblems (the message names the field) */
  dishInvalid: { status: 400, code: 400, message: "菜品信息有误" },
  categoryNotFound: { status: 404, code: 404, message: "分类不存在" },
  dishNotFound: { status: 404, code: 404, message: "菜品不存在" },
  memoNotFound: { status: 404, code: 404, message: "备注不存在" },
  /** a menu language the restaurant has not translated its whole menu into (issue 28) */
  menuLanguageUnavailable: { status: 404, code: 404, message: "该语言的菜单尚未翻译完整" },
  /** a translation of a text the restaurant's menu does not hold, or into its own language */
  translationInvalid: { status: 400, code: 400, message: "翻译内容有误" },
  /** compare-and-set: the row changed since the editor read it */
  editConflict: { status: 409, code: 4150, message: "已被其他人修改，请刷新后再改" },
  categoryNotEmpty: { status: 409, code: 4151, message: "分类下还有菜品或二级分类，不能删除" },
  /** a reorder that does not name exactly the list's current ids */
  orderStale: { status: 409, code: 4152, message: "列表已变化，请刷新后再排序" },
  dishInCombo: { status: 409, code: 4153, message: "该菜品是某个套餐的内容，请先从套餐中移除" },
  imageTooLarge: { status: 413, code: 413, message: "图片太大（不能超过 5 MB）" },
  imageType: { status: 415, code: 415, message: "只能上传 JPG、PNG 或 WebP 图片" },
  callHandled: { status: 409, code: 4191, message: "该呼叫已有人处理" },
  lineComped: { status: 409, code: 4192, message: "该菜品已赠送" },
  /** a reversed settle finds a new party at the table, or no settled visit to reopen */
  cannotReverseSettle: { status: 409, code: 4193, message: "该桌无法撤销结账" },
  /** a waiter's order for a quick-service table (each diner's cart is their own) */
  noSharedCart: { status: 409, code: 4194, message: "该桌没有共享购物车" },
  // voiding a line (退菜; core's lineVoidRefusal)
  lineVoided: { status: 409, code: 4195, message: "该菜品已退" },
  lastLineVoid: { status: 409, code: 4196, message: "这是订单最后一道菜，请直接取消订单" },
  voidPaidOrder: { status: 409, code: 4197, message: "该订单已有付款，请取消订单并退款" },
  lineClaimed: { status: 409, code: 4198, message: "该菜品已被顾客认领买单，不能退菜" },
  // the kitchen (issue 17)
  stationNotFound: { status: 404, code: 404, message: "档口不存在" },
  ticketNotFound: { status: 404, code: 404, message: "厨房单不存在" },
  /** an order id that is not the restaurant's */
  orderNotFound: { status: 404, code: 404, message: "订单不存在" },
  printerNotFound: { status: 404, code: 404, message: "打印机不存在" },
  printJobNotFound: { status: 404, code: 404, message: "打印任务不存在" },
  printerNameTaken: { status: 409, code: 4271, message: "已有同名打印机" },
  /** a new cloud printer needs its UKEY or client secret */
  printerSecretRequired: { status: 400, code: 4272, message: "请填写打印机密钥" },
  /** the backup is another printer of this restaurant, and not a loop */
  printerBackupInvalid: { status: 400, code: 4273, message: "备用打印机无效" },
  /** a printer stations or other printers still use */
  printerInUse: { status: 409, code: 4274, message: "打印机正在使用中，请先解除档口或备用设置" },
  /** retry: only a failed job (or one whose printing is unknown, after the service was asked) */
  printJobNotRetriable: { status: 409, code: 4275, message: "该打印任务不能重试" },
  /** only the console prints a browser printer's jobs, and says so once they are on paper */
  printJobNotBrowser: { status: 409, code: 4277, message: "该打印任务不由浏览器打印" },
  /** no printer prints this (no counter printer, or the station prints nowhere) */
  noPrinter: { status: 409, code: 4276, message: "未设置打印机" },
  stationNameTaken: { status: 409, code: 4171, message: "已有同名档口" },
  /** a station that has tickets keeps them: rename it or take its categories away instead */
  stationInUse: { status: 409, code: 4175, message: "档口已有厨房单，不能删除" },
  /** a station names a category that is not the restaurant's */
  categoryUnknown: { status: 400, code: 400, message: "分类不存在" },
  /** compare-and-set: the ticket changed since the display read it */
  ticketChanged: { status: 409, code: 4172, message: "厨房单已被更新，请刷新后再试" },
  nothingToBump: { status: 409, code: 4173, message: "没有可推进的菜品" },
  nothingToRecall: { status: 409, code: 4174, message: "没有可撤回的操作" },
  /** a stock count set against a count that changed since the console read it (`data`: the item now) */
  stockChanged: { status: 409, code: 4181, message: "库存已变化，请确认后重试" },
  /** a restock (`add`) of an unlimited item, or one that would go below zero */
  stockAddRefused: { status: 409, code: 4182, message: "该菜品不限量或库存不足以扣减" },
  /** deleting a table a party sits at */
  tableBusy: { status: 409, code: 4183, message: "该桌正在用餐，不能删除" },
  additionNotFound: { status: 404, code: 404, message: "加料不存在" },
  tooFrequent: { status: 429, code: SUBMIT_CODES.tooFrequent, message: "操作太频繁，请稍后再试" },

  // The submit's refusals (spec 000 §8). Several keys may share a code: the app acts on the code,
  // the key says which rule refused.
  /** the order could not be written (logged) */
  submitFailed: { status: 500, code: SUBMIT_CODES.failed, message: "订单提交失败" },
  /** a row lock held past LOCK_TIMEOUT_MS */
  submitTimeout: { status: 409, code: SUBMIT_CODES.timeout, message: "下单超时，请稍后重试" },
  /** the order JSON does not parse or lacks fields (the message names them) */
  orderInfoMissing: { status: 422, code: SUBMIT_CODES.infoMissing, message: "订单信息缺失" },
  emptyCart: { status: 422, code: SUBMIT_CODES.infoMissing, message: "购物车是空的，请先点菜" },
  orderInvalid: { status: 403, code: SUBMIT_CODES.invalid, message: "订单无效，请重新扫码" },
  othersOrdering: { status: 409, code: SUBMIT_CODES.othersOrdering, message: "您的同伴正在下单，请稍后再试" },
  /** `data`: the short dishes `[{ foodId, name, left, isCombo }]`; the message names them */
  stockShort: { status: 409, code: SUBMIT_CODES.stockShort, message: "菜品库存不足" },
  wrongCode: { status: 409, code: SUBMIT_CODES.wrongCode, message: "验证码错误" },
  /** `data` as stockShort, for additions */
  additionsShort: { status: 409, code: SUBMIT_CODES.additionsShort, message: "加料库存不足" },
  posOffline: { status: 503, code: SUBMIT_CODES.posOffline, message: "收银台网络异常，请联系服务员" },
  shopClosed: { status: 503, code: SUBMIT_CODES.shopClosed, message: "本店已打烊，暂时无法下单" },
  /** `data.orderId`: the settled order */
  tableSettled: { status: 409, code: SUBMIT_CODES.tableSettled, message: "该桌已结账，您可以重新点餐" },
  /** `data` `{ orderId, mainWxId }`: the tablemate's order */
  companionOrdered: { status: 409, code: SUBMIT_CODES.companionOrdered, message: "你的同伴已经下单" },
  /** 9001 is shown as it is: each of these says what to fix */
  dishOffMenu: {
    status: 422,
    code: SUBMIT_CODES.serverMessage,
    message: "购物车中有已下架的菜品，请删除后再下单",
  },
  /** a combo at a restaurant whose register is older than 2.23.00 (spec 000 §9); the message may name them */
  comboNotOffered: { status: 422, code: SUBMIT_CODES.serverMessage, message: "本店暂不支持点套餐" },
  /** 打包 on a line below 2.23.06, 整单打包 below 2.27.00 (docs/decisions.md: inside-out, all inside-out) */
  packingNotOffered: { status: 422, code: SUBMIT_CODES.serverMessage, message: "本店暂不支持打包" },
  /** 加菜 onto a pay-first order below 2.35.15 (docs/decisions.md: prepay-after) */
  addAfterPrepayNotOffered: {
    status: 422,
    code: SUBMIT_CODES.serverMessage,
    message: "本店暂不支持在先付订单上加菜，请重新下单",
  },
  /** an 加菜 naming another main user than the order's (000 §6: the order's wxId adds to it) */
  notMainUser: { status: 403, code: SUBMIT_CODES.invalid, message: "加菜的订单不符，请从订单详情重新加菜" },
  dishOutOfPeriod: { status: 422, code: SUBMIT_CODES.serverMessage, message: "菜品已进入不可售时段" },
  /** a takeout's goods below the minimum (delivery.ts belowMinimumMessage says how much is missing) */
  belowStartPrice: { status: 422, code: SUBMIT_CODES.serverMessage, message: "未达到起送价，配送费不计入" },
  contactMissing: { status: 422, code: SUBMIT_CODES.serverMessage, message: "请填写联系信息" },
  /** a supply form's booked time (core's checkBookedTime): nothing is ordered */
  bookingTimeMissing: { status: 422, code: SUBMIT_CODES.serverMessage, message: "请选择预订时间" },
  bookingTimePast: { status: 422, code: SUBMIT_CODES.serverMessage, message: "所选时间已过，请重新选择" },
  /** the message names the hours */
  bookingTimeClosed: {
    status: 422,
    code: SUBMIT_CODES.serverMessage,
    message: "所选时间不在营业时间内，请重新选择",
  },
  /** the message names how far ahead */
  bookingTimeTooFar: {
    status: 422,
    code: SUBMIT_CODES.serverMessage,
    message: "所选时间超出可预订范围，请重新选择",
  },
  /** the restaurant needs the diner count (core's needsDinerCount) and the order has none */
  dinerCountMissing: { status: 422, code: SUBMIT_CODES.serverMessage, message: "请先选择用餐人数再下单" },
  submitting: { status: 409, code: SUBMIT_CODES.submitting, message: "订单提交中，请稍候" },

  // The diner's cancel (spec 001 §8).
  cancelPaying: { status: 409, code: CANCEL_CODES.paying, message: "支付中，不能取消订单" },
  cancelFailed: { status: 409, code: CANCEL_CODES.failed, message: "取消订单失败，请重试" },

  // Payment (issue 18; ours).
  /** an Idempotency-Key sent again with another body */
  idempotencyConflict: { status: 409, code: 4601, message: "Idempotency-Key 已用于另一笔请求" },
  /** the same Idempotency-Key while its first request is still being answered */
  idempotencyInFlight: { status: 409, code: 4602, message: "支付请求处理中，请稍候" },
  /** nothing is owed (paid already, or cancelled) */
  nothingDue: { status: 409, code: 4603, message: "这笔订单无需支付" },
  /** an attempt is in flight for what is owed: wait for its answer */
  payInFlight: { status: 409, code: 4604, message: "支付处理中，请稍候" },
  /** a refund above what was captured and not yet refunded */
  refundTooLarge: { status: 422, code: 4605, message: "退款金额超过可退金额" },
  /** the provider did not take the call (network, refused): nothing recorded as paid or refunded */
  providerFailed: { status: 502, code: 502, message: "支付通道暂时不可用，请稍后重试" },
  /** the table's bill: a line another phone holds or paid, or split another way */
  billClaimTaken: { status: 409, code: 4606, message: "这道菜已被同伴认领" },
  billNothingClaimed: { status: 409, code: 4607, message: "请先选择要支付的菜品" },
  /** the table's bill: a line split another way while a tablemate holds or paid part of it (core's planClaim) */
  billSplitKept: { status: 409, code: 4608, message: "这道菜已按以前的分法拆分，请按以前的分法认领" },
  /** the table's bill: every share of the line is paid */
  billLinePaid: { status: 409, code: 4609, message: "这道菜已付款" },
  /** settling a table while a diner's bill share is being paid (its attempt in flight): wait for it */
  settleSharePaying: { status: 409, code: 4610, message: "有顾客正在支付账单，请稍后再结账" },
  /** paying with member money (issue 19): the register is below member pay (2.20.00) */
  memberPayOff: { status: 409, code: 4730, message: "本店暂不支持会员支付" },
  /** stored value and the gateway together, on a register below combined pay (2.21.00) */
  combinePayOff: {
    status: 409,
    code: 4731,
    message: "本店暂不支持储值与其他方式组合支付，请全额使用储值或不使用储值",
  },
  /** member money with no card of one's own here (no login, a tablemate's card, frozen), or another than the order's */
  memberMoneyRefused: { status: 403, code: 4732, message: "请使用本人的会员卡支付" },
  /** stored value on a card that takes none (chargeFlag false, or frozen) */
  storedValueOff: { status: 409, code: 4733, message: "该会员卡不能使用储值支付" },

  // Members: stored value, points and coupons (issue 19; ours). The rules are core's member/*.
  /** a spend or hold above what the card can spend now (balance less what open orders hold) */
  balanceShort: { status: 409, code: 4701, message: "储值余额不足" },
  pointsShort: { status: 409, code: 4702, message: "积分不足" },
  /** a stored-value refund returns only principal not spent and not held by an open order */
  refundAbovePrincipal: { status: 422, code: 4703, message: "退款金额超过未消费的充值本金" },
  /** a release or a spend naming no open hold, or a second hold for one order (the message says which) */
  holdConflict: { status: 409, code: 4704, message: "订单冻结的余额有误" },
  /** topping stored value up with stored value (odoo#273419) */
  rechargeWithStoredValue: { status: 422, code: 4705, message: "不能用储值余额充值" },
  /** recharge-prepay: paySign missing, or not the HMAC of the body by the member's token */
  paySignInvalid: { status: 403, code: 4720, message: "充值请求签名无效" },
  /** recharge-prepay: a timestamp more than 5 minutes from the server's clock (core's paySignFresh) */
  paySignStale: { status: 403, code: 4721, message: "充值请求已过期，请重新发起充值" },
  /** an amount no enabled rule allows (core's checkRechargeAmount) */
  rechargeAmountInvalid: { status: 422, code: 4722, message: "充值金额不符合本店的充值规则" },
  /** a payment refund of a recharge, which would leave its stored value on the card (refundRecharge takes it off first) */
  rechargeRefundByLedger: {
    status: 409,
    code: 4723,
    message: "充值只能退回未消费的本金，请通过会员储值办理退款",
  },
  /** a coupon that cannot be used now (the message says why: core's couponVerdicts) */
  couponUnusable: { status: 409, code: 4706, message: "优惠券不可用" },

  // The member calls (spec 001 §8; issue 19). The codes are the spec's (MEMBER_CODES), ours in 47xx.
  /** no member login: no member token, or one unknown, revoked, another visitor's or another restaurant's */
  memberLoginNeeded: { status: 401, code: MEMBER_CODES.loginNeeded, message: "请先登录会员" },
  /** the member token's life (2 hours) is over: the app refreshes it and calls again */
  memberTokenExpired: { status: 401, code: MEMBER_CODES.tokenExpired, message: "会员登录已过期" },
  /** token-refresh: revoked, unknown, another visitor's, or past its 30 days */
  memberRefreshRefused: {
    status: 401,
    code: MEMBER_CODES.refreshRefused,
    message: "会员登录已失效，请重新登录",
  },
  cardOtherRestaurant: { status: 403, code: MEMBER_CODES.otherRestaurant, message: "该会员卡不能在本店使用" },
  /** the card's type is switched off (or it cannot take what is asked: stored value on a card without it) */
  cardRightOff: { status: 403, code: MEMBER_CODES.cardRightOff, message: "会员卡权益暂不可用" },
  /** the restaurant has no member card type, or the call's family is not its member system (crmType) */
  noCardRight: { status: 403, code: MEMBER_CODES.noCardRight, message: "本店暂未开通会员卡" },
  /** the restaurant's register is below memberPay 2.20.00 (001 §5, §9): no member feature there (10025) */
  memberRegisterTooOld: { status: 403, code: MEMBER_CODES.noCardRight, message: "本店暂不支持会员服务" },
  cardFrozen: { status: 403, code: MEMBER_CODES.cardFrozen, message: "会员卡已冻结，请联系服务员" },
  /** a card, member or coupon that is not the caller's (never says whether it exists) */
  cardQueryFailed: { status: 403, code: MEMBER_CODES.cardQueryFailed, message: "会员卡查询失败" },
  loginCodeEmpty: { status: 400, code: MEMBER_CODES.codeEmpty, message: "请输入验证码" },
  loginCodeWrong: { status: 422, code: MEMBER_CODES.codeWrong, message: "验证码错误" },
  /** no live login code: none sent, expired, replaced by a newer one, used, or its 5 tries spent */
  loginCodeFailed: { status: 422, code: MEMBER_CODES.codeAuthFailed, message: "验证码已失效，请重新获取" },
  /** member-ship: the visit's first paid order fixed another card (001 §4) */
  cardFixedByOrder: { status: 409, code: 4707, message: "本次用餐已使用其他会员卡，不能切换" },
  /** a campaign over, not started, switched off, or of another kind than the call's */
  campaignUnavailable: { status: 409, code: 4708, message: "活动未开始或已结束" },

  // SMS codes (login and takeout alike): what keeps the sender from being pumped.
  /** a code went to this phone less than 60 s ago (the message says how long to wait) */
  smsTooSoon: { status: 429, code: SUBMIT_CODES.tooFrequent, message: "验证码已发送，请稍后再获取" },
  /** 10 codes to this phone within 24 hours */
  smsPhoneCap: { status: 429, code: 4710, message: "该手机号今日获取验证码次数已达上限，请明天再试" },
  /** too many codes asked from one address within the hour, whatever the phones */
  smsAddressCap: { status: 429, code: 4711, message: "获取验证码过于频繁，请稍后再试" },
  /** the SMS provider did not take the message: nothing was sent */
  smsFailed: { status: 502, code: 4712, message: "验证码发送失败，请稍后重试" },

  // The socket's own refusals (verdicts with version -1: nothing recorded, the op id may be sent again).
  /** too many messages waiting on the socket or in the process (see OpGate) */
  busy: { status: 503, code: 503, message: "服务器繁忙，请稍后再试" },
  badMessage: { status: 400, code: 400, message: "消息格式不正确" },
  /** a message that failed while handled (logged) */
  opFailed: { status: 500, code: 500, message: "操作失败，请稍后重试" },

  internal: { status: 500, code: 500, message: "系统错误" },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorKey = keyof typeof ERRORS;

/**
 * The server's one error type: thrown anywhere, turned into the envelope `{ code, success: false,
 * data, message }` with the table's status at the edge. `message` overrides the table's when the
 * refusal can say more (which dishes are short); `data` travels in the envelope (the shortages).
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly status: number;
  readonly code: number;
  readonly data: unknown;

  constructor(key: ErrorKey, message?: string, data: unknown = null) {
    super(message ?? ERRORS[key].message);
    this.name = "AppError";
    this.key = key;
    this.status = ERRORS[key].status;
    this.code = ERRORS[key].code;
    this.data = data;
  }
}

/** Why startup stopped (spec 000 §8, 001 §8); each lands on the abnormal page with its reason. */
export const STARTUP_FAILURES = [
  "hotelid",
  "guid",
  "auth",
  "restaurantInfo",
  /** 000 §8's card version check: the restaurant's register version cannot be read (the gates need it) */
  "cardVersion",
  "shopMode",
  "tableInfo",
  "cartId",
  "crmType",
  "tableJoin",
  "foodCategory",
  "foodList",
  "memos",
] as const;

export type StartupFailure = (typeof STARTUP_FAILURES)[number];
