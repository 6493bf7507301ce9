import { API, type CartId, type CartJoinResult, type TableJoinResult } from "@tablemate/core";
import { http } from "./http.js";

export interface TableJoinParams {
  guid: string;
  restaurantId: number;
  tableId: number;
  sid: string;
}

/** POST /table/join?rid= as a real table: the signed table token proves the diner scanned it. */
export async function joinTable(params: TableJoinParams): Promise<TableJoinResult> {
  const envelope = await http.post<TableJoinResult>(
    API.tableJoin,
    { accessType: "realTable", ...params },
    { query: { rid: params.restaurantId } },
  );
  return envelope.data;
}

export async function fetchCartId(params: {
  rid: number;
  tableId: number;
  guid: string;
  sid: string;
}): Promise<CartId> {
  return (await http.get<CartId>(API.cartId, params)).data;
}

export interface CartJoinParams {
  restaurantId: number;
  cookieGuid: string;
  tableId: number;
  cartId: number;
  cartIdSign: string;
  fastFood: boolean;
}

export async function joinCart(params: CartJoinParams): Promise<CartJoinResult> {
  return (await http.post<CartJoinResult>(API.cartJoin, { ...params })).data;
}
