import { jsonBody } from "@tablemate/client";
import { MODULE_VIEW_API } from "@tablemate/core";
import { http } from "./http.js";

/** Sends a batch of the menu's modules seen (001 §9); `keepalive` when the page is going away. */
export async function sendModuleViews(
  rid: number,
  body: { guid: string; modules: readonly string[] },
  keepalive: boolean,
): Promise<void> {
  await http.post(MODULE_VIEW_API.moduleViews, body, { query: { rid }, encodeBody: jsonBody, keepalive });
}
