import { API } from "@tablemate/core";
import { printedConsoleCredentials } from "./console.js";
import type { RunningServer } from "./server.js";

/** The staff calls as a staff console makes them (docs/api.md, Staff calls), from outside the browser. */

/** Signs in as the restaurant's printed owner; the session cookie (`tm_staff=...`) the staff calls send. */
export async function staffSession(server: RunningServer, rid: number): Promise<string> {
  const owner = (await printedConsoleCredentials(server)).find((c) => c.restaurantId === rid);
  if (!owner) throw new Error(`no console sign-in printed for restaurant ${rid}`);
  const response = await fetch(`${server.url}${API.consoleSession}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login: owner.login, password: owner.password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith("tm_staff="));
  if (response.status !== 200 || !cookie) throw new Error(`sign-in at ${rid}: ${response.status}`);
  return cookie;
}

export interface StaffAnswer {
  status: number;
  body: { code: number; message?: string; data?: unknown };
}

async function post(
  server: RunningServer,
  path: string,
  session: string,
  body: object,
): Promise<StaffAnswer> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: session },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as StaffAnswer["body"] };
}

/** POST /console/api/v1/restaurants/{rid}/orders/{orderId}/status, with the session cookie */
export function moveOrder(
  server: RunningServer,
  session: string,
  move: { rid: number; orderId: number | string; status: number },
): Promise<StaffAnswer> {
  return post(server, API.staffOrderStatus(move.rid, move.orderId), session, { status: move.status });
}

/** POST /console/api/v1/restaurants/{rid}/tables/{tableId}/settle, with the session cookie */
export function settleTable(
  server: RunningServer,
  session: string,
  settle: { rid: number; tableId: number | string },
): Promise<StaffAnswer> {
  return post(server, API.staffSettleTable(settle.rid, settle.tableId), session, {});
}
