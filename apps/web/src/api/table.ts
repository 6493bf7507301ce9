import { type CartId, type CartJoinResult, DINER_API, type TableJoinResult } from "@tablemate/core";
import { http } from "./http.js";

export interface TableJoinParams {
  guid: string;
  restaurantId: number;
  tableId: number;
  sid: string;
}

/** POST /table/join?rid= as a real table: the signed table token proves the diner scanned it. */
export function joinTable(params: TableJoinParams): Promise<TableJoinResult> {
  return http.post(
    DINER_API.tableJoin,
    { accessType: "realTable", ...params },
    { query: { rid: params.restaurantId } },
  );
}

export function fetchCartId(params: {
  rid: number;
  tableId: number;
  guid: string;
  sid: string;
}): Promise<CartId> {
  return http.get(DINER_API.cartId, params);
}

export interface CartJoinParams {
  restaurantId: number;
  cookieGuid: string;
  tableId: number;
  cartId: number;
  cartIdSign: string;
  fastFood: boolean;
}

export function joinCart(params: CartJoinParams): Promise<CartJoinResult> {
  return http.post(DINER_API.cartJoin, { ...params });
}
