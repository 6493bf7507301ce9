import type { StaffSession } from "@tablemate/core";
import { vi } from "vitest";

/** One answer of the fake server: an HTTP status and the envelope's data (or a refusal's message). */
export interface FakeAnswer {
  status?: number;
  data?: unknown;
  message?: string;
  /** a body that is not the envelope at all */
  raw?: string;
}

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The console's API as a table of `METHOD path` → answer (or a function of the call), behind the client's
 * fetch; every call is recorded. A call the table lacks answers the 404 envelope, as the server does.
 */
export function fakeApi(routes: Record<string, FakeAnswer | ((call: FakeCall) => FakeAnswer)>): {
  calls: FakeCall[];
} {
  const calls: FakeCall[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const path = url.split("?")[0];
    const route = routes[`${method} ${path}`];
    const answer = (typeof route === "function" ? route(call) : route) ?? {
      status: 404,
      message: "请求的资源不存在",
    };
    const status = answer.status ?? 200;
    const text =
      answer.raw ??
      JSON.stringify(
        status < 400
          ? { code: 1000, success: true, data: answer.data ?? null, message: "success" }
          : { code: status, success: false, data: null, message: answer.message ?? "" },
      );
    return new Response(text, { status, headers: { "content-type": "application/json" } });
  });
  return { calls };
}

export const OWNER_SESSION: StaffSession = {
  account: { id: 1, name: "王店长", login: "owner1" },
  restaurants: [
    { id: 1, name: "川味小馆", role: "owner", timezone: "Asia/Shanghai" },
    { id: 2, name: "江南食府", role: "owner", timezone: "Asia/Shanghai" },
  ],
};

export const WAITER_SESSION: StaffSession = {
  account: { id: 7, name: "小李", login: "waiter7" },
  restaurants: [{ id: 1, name: "川味小馆", role: "waiter", timezone: "Asia/Shanghai" }],
};
