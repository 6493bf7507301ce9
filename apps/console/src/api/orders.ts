import { API, consoleOrderDetailSchema } from "@tablemate/core";
import { call } from "./http.js";

/** One order as every page opens it (core's contract/console-order.ts). */
export const readOrderDetail = (rid: number, orderId: number) =>
  call(API.consoleOrder(rid, orderId), consoleOrderDetailSchema);
