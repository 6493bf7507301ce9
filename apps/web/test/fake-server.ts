import { API, MEMBER_API } from "@tablemate/core";
import { vi } from "vitest";
import {
  CART_ID,
  CART_JOIN,
  CATEGORIES,
  FOODS,
  HOTEL_ID,
  MEMOS,
  restaurant,
  SELL_OUT,
  TABLE,
  USER,
} from "./fixtures.js";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** the form-encoded body, parsed */
  form: URLSearchParams;
  /** a JSON body, parsed (the pay calls'); undefined for any other */
  json: Record<string, unknown> | undefined;
  headers: Headers;
  init: RequestInit;
}

export type Reply = { status?: number; body: unknown } | "network-error";
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export function ok(data: unknown, code = 1000): Reply {
  return { body: { code, success: true, data, message: "ok" } };
}

export function fail(code: number, message: string, status = 200): Reply {
  return { status, body: { code, success: false, data: null, message } };
}

/** The answers of a healthy server for the fixtures' restaurant and table. */
export function healthyRoutes(): Record<string, Handler> {
  return {
    // the user travels in `message` on this call
    [API.userInfo]: () => ({ body: { code: 1000, success: true, data: null, message: USER } }),
    [API.restaurantDetail]: () => ok(restaurant()),
    [API.tableJoin]: () => ok(TABLE),
    [API.cartId]: () => ok(CART_ID, 200),
    [API.cartJoin]: () => ok(CART_JOIN, 200),
    [API.crmType]: () => ok({ crmType: "new", isNewCrm: true }, 200),
    [API.foodCategory]: () => ok(CATEGORIES),
    [API.foodList]: () => ok(FOODS),
    [API.recommend]: () => ok([], 200),
    [API.memos]: () => ok(MEMOS, 200),
    [API.posStatus]: () => ok(true, 200),
    [`${API.sellOut}/${HOTEL_ID}`]: () => ok(SELL_OUT, 200),
    [API.periodDish]: () => ok([], 200),
    // the member banner's start after the menu's first screen: no card types, no new-member coupons
    [MEMBER_API.fusecrm.cardRights]: () => ok({ cardTypes: [], openRecharge: false }, 200),
    [MEMBER_API.openCardCoupons]: () => ok([], 200),
  };
}

/** Replaces fetch with a server answering by path; unknown paths get a 404 envelope. */
export function fakeServer(overrides: Record<string, Handler> = {}) {
  const requests: RecordedRequest[] = [];
  const routes = { ...healthyRoutes(), ...overrides };
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const headers = new Headers(init.headers);
    const body = typeof init.body === "string" ? init.body : "";
    const request: RecordedRequest = {
      method: init.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(body),
      json: headers.get("Content-Type") === "application/json" ? JSON.parse(body) : undefined,
      headers,
      init,
    };
    requests.push(request);
    const handler = routes[url.pathname];
    const reply = handler ? await handler(request) : fail(404, "请求的资源不存在", 404);
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return {
    requests,
    paths: () => requests.map((request) => request.path),
    last: (path: string) => requests.findLast((request) => request.path === path),
  };
}
