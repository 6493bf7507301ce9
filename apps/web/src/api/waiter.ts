import { DINER_API } from "@tablemate/core";
import { http } from "./http.js";

// The menu's bell, on its own: the menu's first screen loads it, and none of the order calls.

/** The bell: pay-later tables call the waiter, prepayment ones notify the staff (DECISIONS). */
export async function callWaiter(rid: number, tableNo: number, prepayment: boolean): Promise<string> {
  const envelope = prepayment
    ? await http.request("POST", DINER_API.prepayNotify, { body: { rid, tableNo, model: "1" } })
    : await http.request("POST", DINER_API.callWaiter, { body: { rid, tableNo } });
  return typeof envelope.message === "string" ? envelope.message : "";
}
