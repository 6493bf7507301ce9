/** Every string a person sees on the sandbox's checkout page, in one place. */
export const SANDBOX_TEXT = {
  title: "沙箱收银台",
  testMark: "测试",
  testNotice: "沙箱测试支付，不会真实扣款",
  merchant: "收款商户",
  item: "商品",
  amount: "支付金额",
  pay: "支付",
  fail: "失败",
  cancel: "取消",
  paid: "已支付",
  failed: "支付失败",
  closed: "交易已关闭",
  back: "返回商户",
  unknownTrade: "找不到这笔交易",
  unknownTradeDetail: "交易号不存在，或已被清除。",
  unknownMerchant: "商户",
} as const;
