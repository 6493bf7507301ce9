import { API, consoleTableListSchema, consoleTableSchema, tableDeletedSchema } from "@tablemate/core";
import { call } from "./http.js";

/** The table calls (contract/console-tables.ts). */

export const readTables = (rid: number) => call(API.consoleTables(rid), consoleTableListSchema);

export const createTable = (rid: number, body: { name: string; tableType: number }) =>
  call(API.consoleTables(rid), consoleTableSchema, { method: "POST", body });

export const updateTable = (rid: number, tableId: number, body: { name?: string; tableType?: number }) =>
  call(API.consoleTable(rid, tableId), consoleTableSchema, { method: "PUT", body });

export const deleteTable = (rid: number, tableId: number) =>
  call(API.consoleTable(rid, tableId), tableDeletedSchema, { method: "DELETE" });

/** The printable A4 sheet's address (opened in a new tab; the session cookie goes with it). */
export function qrSheetUrl(rid: number, ids: readonly number[] = []): string {
  const path = API.consoleQrSheet(rid);
  return ids.length ? `${path}?ids=${ids.join(",")}` : path;
}
