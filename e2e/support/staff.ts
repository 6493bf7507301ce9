import { API } from "@tablemate/core";
import type { RunningServer } from "./server.js";

/** The staff calls as a staff console makes them (docs/api.md, Staff calls), from outside the browser. */

/**
 * A demo restaurant's owner sign-in as the server printed it at first start, under
 * `Console sign-in (shown once):` as `  <rid> <restaurant>: <login> / <password>`.
 */
export async function printedOwner(
  server: RunningServer,
  rid: number,
): Promise<{ login: string; password: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const output = server.output();
    const block = output.slice(output.indexOf("Console sign-in (shown once):"));
    const found = new RegExp(`^ {2}${rid} .+: (\\S+) / (\\S+)$`, "m").exec(block);
    if (output.includes("Console sign-in (shown once):") && found?.[1] && found[2])
      return { login: found[1], password: found[2] };
    if (Date.now() > deadline) throw new Error(`no console sign-in printed for restaurant ${rid}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs in as the restaurant's printed owner; the session cookie (`tm_staff=...`) the staff calls send. */
export async function staffSession(server: RunningServer, rid: number): Promise<string> {
  const owner = await printedOwner(server, rid);
  const response = await fetch(`${server.url}${API.staffSession}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(owner),
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
