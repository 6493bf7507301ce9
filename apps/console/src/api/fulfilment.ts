import { API, type FulfilmentStep, fulfilmentResultSchema } from "@tablemate/core";
import { call } from "./http.js";

/** One fulfilment step of an order (配送, 送达, 确认 or 拒绝 a reservation, 叫号): core's rules, the server's check. */
export const moveFulfilment = (rid: number, orderId: number, to: FulfilmentStep) =>
  call(API.consoleOrderAction(rid, orderId, "fulfilment"), fulfilmentResultSchema, {
    method: "POST",
    body: { to },
  });
