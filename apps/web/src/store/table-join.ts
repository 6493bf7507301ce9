import type { TableJoinResult } from "@tablemate/core";
import { joinTable } from "../api/table.js";
import { tableParams } from "./table-params.js";
import type { StoreAccess } from "./types.js";

/** tableJoin: joins the scanned table (tn, sid of SearchObj) and keeps the answer as `table`. */
export async function tableJoin(store: StoreAccess): Promise<TableJoinResult> {
  const { hotelid, guid, SearchObj } = store.get();
  const table = tableParams(SearchObj);
  if (hotelid === null || !table) throw new Error("tableJoin needs hotelid, tn and sid");
  const joined = await joinTable({ guid, restaurantId: hotelid, tableId: table.tableId, sid: table.sid });
  store.set({ table: joined });
  return joined;
}
