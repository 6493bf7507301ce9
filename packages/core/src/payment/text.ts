/**
 * The payment rules' words where a refusal says more than core's error table (which split a line
 * keeps, how many shares are left). One place, so the server's answers and the apps read the same.
 */
export const PAY_TEXT = {
  refundNotPositive: "退款金额必须大于 0",
  refundAmountFormat: "退款金额应为元，两位小数，不超过 99999999.99",
  lineNotOnBill: "账单中没有这道菜",
  takeAboveShares: "认领份数不能超过拆分份数",
  splitKept: (shares: number) => `这道菜已按以前的分法分成 ${shares} 份，请按以前的分法认领`,
  sharesLeft: (free: number) => `这道菜已被同伴认领，只剩 ${free} 份可认领`,
  lineTwice: "同一道菜只能认领一次",
} as const;
