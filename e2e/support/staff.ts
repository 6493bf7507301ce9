import { API } from "@tablemate/core";
import type { RunningServer } from "./server.js";

/** The staff calls as a staff console makes them (docs/api.md, Staff calls), from outside the browser. */

/**
 * A restaurant's staff token as the server printed it at start (`staff token for 川味小馆 (1): …`);
 * waits for the line, which may reach the pipe just after the table links.
 */
export async function printedStaffToken(server: RunningServer, rid: number): Promise<string> {
  const line = new RegExp(`^ {2}staff token for .+ \\(${rid}\\): (\\S+)$`, "m");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const token = line.exec(server.output())?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no staff token printed for restaurant ${rid}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The headers a staff member of restaurant `rid` sends to a running server (its calls and the console
 * socket's upgrade). Interim: the printed static token; with staff accounts, a signed-in session.
 */
export async function staffRequestHeaders(
  server: RunningServer,
  rid: number,
): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await printedStaffToken(server, rid)}` };
}

export interface StaffAnswer {
  status: number;
  body: { code: number; message?: string; data?: unknown };
}

async function post(server: RunningServer, path: string, token: string, body: object): Promise<StaffAnswer> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as StaffAnswer["body"] };
}

/** POST /console/api/v1/orders/{orderId}/status */
export function moveOrder(
  server: RunningServer,
  token: string,
  move: { rid: number; orderId: number | string; status: number },
): Promise<StaffAnswer> {
  return post(server, API.staffOrderStatus(move.orderId), token, { rid: move.rid, status: move.status });
}

/** POST /console/api/v1/tables/{tableId}/settle */
export function settleTable(
  server: RunningServer,
  token: string,
  settle: { rid: number; tableId: number | string },
): Promise<StaffAnswer> {
  return post(server, API.staffSettleTable(settle.tableId), token, { rid: settle.rid });
}
