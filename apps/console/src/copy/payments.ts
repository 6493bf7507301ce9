import type {
  AttemptStatus,
  IntentMoneyState,
  MoneyIssue,
  PayProvider,
  SandboxSwitches,
} from "@tablemate/core";

type RefundStatus = "pending" | "done" | "failed";

/**
 * Payments (issue 18): an order's payment state in the floor's drawer, its refund form, and the 收款
 * page: the money that needs a person and the sandbox's switches.
 */
export const PAYMENTS_COPY = {
  title: "收款",
  // an order's or a table bill's payments (the floor's drawer)
  payments: "支付",
  billPayment: "扫码买单",
  states: {
    unpaid: "未支付",
    paying: "支付中",
    paid: "已支付",
    overpaid: "多收款",
  } satisfies Record<IntentMoneyState, string>,
  refundedTags: { part: "部分退款", all: "已全额退款" },
  test: "测试",
  testHint: "沙箱支付，没有真实资金",
  amount: "应付",
  paid: "已付",
  refunded: "已退",
  refundable: "可退",
  attempts: "支付记录",
  refunds: "退款记录",
  providers: { sandbox: "沙箱", wechat: "微信支付", alipay: "支付宝" } satisfies Record<PayProvider, string>,
  attemptStatuses: {
    pending: "待支付",
    paid: "已支付",
    failed: "失败",
    closed: "已关闭",
  } satisfies Record<AttemptStatus, string>,
  refundStatuses: { pending: "处理中", done: "已退款", failed: "失败" } satisfies Record<
    RefundStatus,
    string
  >,
  approvedBy: (who: string) => `授权：${who}`,
  loadFailed: "支付信息加载失败",
  // the refund form
  refund: "退款",
  refundTitle: (what: string) => `退款 · ${what}`,
  refundAmount: "退款金额（元）",
  refundAmountRule: "请输入金额，最多两位小数",
  refundTooMuch: (most: string) => `最多可退 ¥${most}`,
  refundZero: "退款金额必须大于 0",
  refundReason: "退款原因",
  refundReasonRule: "请填写退款原因",
  refundReasonPlaceholder: "例如：菜品售罄、顾客取消（200字以内）",
  refundHint: "退款原路退回付款账户；店长或经理以外的员工需要授权。",
  refundSubmit: "确认退款",
  refundSent: "退款已提交",
  // the 收款 page
  issuesTitle: "需要人工处理的款项",
  issuesHint: "近 7 天内未能自动处理的收款和退款。处理后请点「重新查询」或刷新。",
  noIssues: "没有需要处理的款项",
  reload: "刷新",
  kinds: {
    unapplied: "已收款未入账",
    unverified: "验签失败的通知",
    refundStuck: "退款未完成",
    overpaid: "多收款",
  } satisfies Record<MoneyIssue["kind"], string>,
  columns: {
    kind: "类型",
    at: "时间",
    amount: "金额",
    detail: "交易号 / 退款号 · 说明",
    actions: "操作",
  },
  requery: "重新查询",
  requeried: (status: string) => `查询结果：${status}`,
  // the sandbox's switches
  sandboxTitle: "沙箱设置",
  sandboxNote:
    "仅用于测试和员工培训：沙箱支付不涉及真实资金。这些开关模拟支付平台的异常（通知延迟、重复、乱序、丢失、付款失败、金额不符），正式营业时请全部关闭。",
  switches: {
    delayMs: "通知延迟（毫秒）",
    duplicate: "重复发送通知",
    outOfOrder: "通知乱序",
    drop: "不发送通知",
    fail: "付款失败",
    amountMismatch: "通知金额不符",
  } satisfies Record<keyof SandboxSwitches, string>,
  sandboxSave: "保存",
  sandboxSaved: "沙箱设置已保存",
} as const;
