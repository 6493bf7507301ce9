import { ApiError } from "@tablemate/client";
import {
  ORDER_API,
  type OrderDetail,
  type OrderPayload,
  type OrderSummary,
  type PeriodSaleResult,
  type Shortage,
  type TableInfo,
} from "@tablemate/core";
import { http, readToken } from "./http.js";

/** A submit's answer as the page needs it: every code, and the data refusals carry. */
export interface SubmitAnswer {
  /** null: no answer at all */
  code: number | null;
  timedOut: boolean;
  message: string;
  data: unknown;
  token: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/**
 * POST the order (spec 000 §7). Every code is an answer the page acts on, refusals with their data
 * (2000's short dishes, 6666's order), so this call turns the client's ApiError back into an answer.
 */
export async function submitOrder(payload: OrderPayload): Promise<SubmitAnswer> {
  const token = readToken() ?? "";
  try {
    const answer = await http.request("POST", ORDER_API.orderSubmit, {
      body: { data: JSON.stringify(payload), isNewVersion: true, token, smToken: "" },
    });
    const { code, message, data } = answer;
    const issued = (answer as { token?: unknown }).token;
    return {
      code,
      timedOut: false,
      message: typeof message === "string" ? message : "",
      data,
      token: typeof issued === "string" ? issued : "",
    };
  } catch (error) {
    const refused = error instanceof ApiError && error.kind === "envelope";
    return {
      code: refused ? error.code : null,
      timedOut: error instanceof ApiError && error.kind === "timeout",
      message: refused ? error.message : "",
      data: refused ? error.data : null,
      token: "",
    };
  }
}

/** The order an answer names: the new one (1000), the settled one (6000) or a tablemate's (6666). */
export function orderRefOf(data: unknown): { orderId: number; mainWxId: string } | null {
  if (!isRecord(data) || typeof data.orderId !== "number") return null;
  return { orderId: data.orderId, mainWxId: typeof data.mainWxId === "string" ? data.mainWxId : "" };
}

export function shortagesOf(data: unknown): Shortage[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (s): s is Shortage => isRecord(s) && typeof s.foodId === "number" && typeof s.left === "number",
  );
}

/** The period check before submit (001 §7): 10001/10002 list the dishes out of their sale period. */
export async function checkPeriodSale(rid: number, foodIds: number[], fastFood: boolean): Promise<number[]> {
  const path = fastFood ? ORDER_API.localCartPeriodSale : ORDER_API.cartPeriodSale;
  const envelope = await http.request<PeriodSaleResult>("POST", path, {
    body: { rid, foodIds: foodIds.join(",") },
  });
  if (envelope.code === 200) return [];
  return envelope.data.unsalableFoods.map((f) => f.foodId);
}

/** GET /table/selectDesk: the restaurant's tables, sorted by id (001 §7). */
export async function fetchDesks(rid: number): Promise<TableInfo[]> {
  const { tableList } = await http.get<{ tableList: TableInfo[] }>(ORDER_API.selectDesk, { rid });
  return [...tableList].sort((a, b) => a.id - b.id);
}

export function fetchOrderDetail(orderId: number, rid: number, paymentType?: 1): Promise<OrderDetail> {
  return http.get(`${ORDER_API.orderDetail}/${orderId}`, { rid, paymentType });
}

export function fetchOrderList(rid: number): Promise<OrderSummary[]> {
  return http.get(ORDER_API.orderList, { rid });
}

/** Rejects with http's ApiError; its code tells 2000 (paying) from other failures (001 §8). */
export async function cancelOrder(orderId: number, rid: number): Promise<void> {
  await http.post(ORDER_API.orderCancel(orderId), { rid });
}
