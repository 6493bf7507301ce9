import {
  API,
  type OrderDetail,
  type OrderPayload,
  type OrderSummary,
  type PeriodSaleResult,
  type Shortage,
  type TableInfo,
} from "@tablemate/core";
import { formEncode, HTTP_TIMEOUT_MS, http, TOKEN_STORAGE_KEY } from "./http.js";
import { watchCall } from "./slow-network.js";

/** A submit's answer as the page needs it: every code, and the data refusals carry. */
export interface SubmitAnswer {
  /** null: no answer at all */
  code: number | null;
  timedOut: boolean;
  message: string;
  data: unknown;
  token: string;
}

function readToken(): string {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/**
 * POST the order (spec 000 §7). Refusals carry data the page acts on (2000's short dishes, 6666's
 * order), which http's ApiError does not keep, so this call reads the envelope itself.
 */
export async function submitOrder(payload: OrderPayload): Promise<SubmitAnswer> {
  const token = readToken();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const stopWatching = watchCall(API.orderSubmit);
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8",
  };
  if (token) headers.token = token;
  try {
    const response = await fetch(API.orderSubmit, {
      method: "POST",
      credentials: "include",
      headers,
      signal: controller.signal,
      body: formEncode({ data: JSON.stringify(payload), isNewVersion: true, token, smToken: "" }),
    });
    const body: unknown = JSON.parse(await response.text());
    if (!isRecord(body) || typeof body.code !== "number") throw new Error("not an envelope");
    return {
      code: body.code,
      timedOut: false,
      message: typeof body.message === "string" ? body.message : "",
      data: body.data,
      token: typeof body.token === "string" ? body.token : "",
    };
  } catch {
    return { code: null, timedOut, message: "", data: null, token: "" };
  } finally {
    clearTimeout(timer);
    stopWatching();
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
  const path = fastFood ? API.localCartPeriodSale : API.cartPeriodSale;
  const envelope = await http.post<PeriodSaleResult>(path, { rid, foodIds: foodIds.join(",") });
  if (envelope.code === 200) return [];
  return envelope.data.unsalableFoods.map((f) => f.foodId);
}

/** GET /table/selectDesk: the restaurant's tables, sorted by id (001 §7). */
export async function fetchDesks(rid: number): Promise<TableInfo[]> {
  const { data } = await http.get<{ tableList: TableInfo[] }>(API.selectDesk, { rid });
  return [...data.tableList].sort((a, b) => a.id - b.id);
}

export async function fetchOrderDetail(orderId: number, rid: number, paymentType?: 1): Promise<OrderDetail> {
  return (await http.get<OrderDetail>(`${API.orderDetail}/${orderId}`, { rid, paymentType })).data;
}

export async function fetchOrderList(rid: number): Promise<OrderSummary[]> {
  return (await http.get<OrderSummary[]>(API.orderList, { rid })).data;
}

/** Rejects with http's ApiError; its code tells 2000 (paying) from other failures (001 §8). */
export async function cancelOrder(orderId: number, rid: number): Promise<void> {
  await http.post(API.orderCancel(orderId), { rid });
}
