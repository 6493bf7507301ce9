import { FULFILMENT_TEXT, type FulfilmentStep } from "@tablemate/core";

/** The words of an order's fulfilment controls (issue 25), on the orders list and the floor's drawer. */
export const FULFILMENT_COPY = {
  /** the button that takes an order to each step */
  actions: {
    delivering: "开始配送",
    delivered: "已送达",
    confirmed: "确认预订",
    declined: "拒绝预订",
    called: "叫号",
  } satisfies Record<FulfilmentStep, string>,
  /** where an order's fulfilment stands (core's words, as the diner reads them) */
  steps: FULFILMENT_TEXT,
  callAgain: "再次叫号",
  calledTimes: (n: number) => `已叫号${n}次`,
  declineConfirm: "拒绝后订单将取消，顾客会看到「已拒绝」。确定拒绝该预订吗？",
  declineOk: "拒绝",
  cancel: "再想想",
  done: (step: string) => `已更新：${step}`,
} as const;
