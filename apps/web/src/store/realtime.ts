import { connectRealtime, realtimeUrl } from "../api/realtime.js";
import { readPageData } from "../config.js";
import type { StoreAccess } from "./types.js";

/** Opens the table's channel (closing any earlier one) and keeps it and its status in the store. */
export function openRealtime(store: StoreAccess): void {
  const { hotelid, table, SearchObj, guid, realtime } = store.get();
  realtime?.close();
  if (hotelid === null || !table || !SearchObj.sid) return;
  // the configured socket host (spec 000 §3 socketUrl), else the page's own origin
  const url = realtimeUrl(readPageData().config.socketUrl || window.location.origin, {
    rid: hotelid,
    tableId: table.tableId,
    sid: SearchObj.sid,
    guid,
  });
  const connection = connectRealtime(url, {
    onStatus: (status, retries) => store.set({ realtimeStatus: status, realtimeRetries: retries }),
  });
  store.set({ realtime: connection });
}
