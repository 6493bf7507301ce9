import { ApiError, type FormBody, type WireEnvelope } from "@tablemate/client";
import {
  MEMBER_API,
  MEMBER_CODES,
  MEMBER_TOKEN_HEADER,
  memberTokenAction,
  type TokenRefreshAnswer,
} from "@tablemate/core";
import { showToast } from "../features/loading/toast.js";
import { MEMBER_COPY } from "../features/member/member-copy.js";
import { http } from "./http.js";
import { memberLoginKey as storageKey } from "./member-login-key.js";

/**
 * The member calls' transport (spec 001 §6, §8): the member login kept in local storage, its token in
 * the `member-token` header, and what each refusal code asks: 401 and 1990 clear the login and
 * reject; 405, 407, 1991 and 1992 refresh the token (token-refresh) and try once more; a refresh
 * answering 1001 clears and rejects; any other failed refresh says 获取信息失败，请稍后重试！ (500
 * says 系统错误 on every call: the diner's http client). Loaded with the member banner and pages only.
 */

/** A member login at one restaurant (a member session is the restaurant's): token, phone, current card. */
export interface MemberLogin {
  token: string;
  phone: string;
  cardId: number | null;
}

const listeners = new Set<(rid: number) => void>();

function isLogin(value: unknown): value is MemberLogin {
  const login = value as Partial<MemberLogin> | null;
  return (
    typeof login?.token === "string" &&
    typeof login.phone === "string" &&
    (login.cardId === null || typeof login.cardId === "number")
  );
}

/** The stored login, or null (none, unreadable, or storage disabled in private mode). */
export function readMemberLogin(rid: number): MemberLogin | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(rid)) ?? "null");
    return isLogin(value) ? value : null;
  } catch {
    return null;
  }
}

export function saveMemberLogin(rid: number, login: MemberLogin): void {
  try {
    localStorage.setItem(storageKey(rid), JSON.stringify(login));
  } catch {
    // storage disabled: the login lasts as long as this page's state
  }
}

/** Keeps the login, with changes (a new token, the current card). No login: nothing to change. */
export function updateMemberLogin(rid: number, change: Partial<MemberLogin>): void {
  const login = readMemberLogin(rid);
  if (login) saveMemberLogin(rid, { ...login, ...change });
}

/** Forgets the phone, token and card, and tells whoever shows them. */
export function clearMemberLogin(rid: number): void {
  try {
    localStorage.removeItem(storageKey(rid));
  } catch {
    // nothing stored to clear
  }
  for (const listener of listeners) listener(rid);
}

/** Called with the restaurant whenever its login is cleared (a refusal, a logout). */
export function onMemberLoginCleared(listener: (rid: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type MemberMethod = "GET" | "POST";

/** A call's parameters and own headers, as made for the token it goes with. */
interface MemberCall {
  params: FormBody;
  headers?: Record<string, string>;
}

function send<T>(
  method: MemberMethod,
  path: string,
  call: MemberCall,
  token: string | undefined,
): Promise<WireEnvelope<T>> {
  const params = call.params;
  const headers: Record<string, string> = {
    ...call.headers,
    ...(token ? { [MEMBER_TOKEN_HEADER]: token } : {}),
  };
  if (method === "GET") {
    const query = Object.fromEntries(
      Object.entries(params).filter((entry): entry is [string, string | number | boolean] =>
        ["string", "number", "boolean"].includes(typeof entry[1]),
      ),
    );
    return http.request<T>("GET", path, { query, headers });
  }
  return http.request<T>("POST", path, { body: params, headers });
}

/** A refusal's code: the envelope's, or the HTTP status of an answer that was none. */
export function codeOf(error: unknown): number | null {
  return error instanceof ApiError ? (error.code ?? error.status) : null;
}

/** What a refusal does to the login and the screen; true when the call may be tried again after a refresh. */
function settle(error: unknown, rid: number): boolean {
  const action = memberTokenAction(codeOf(error));
  if (action === "clear") clearMemberLogin(rid);
  return action === "refresh";
}

/** One refresh per restaurant at a time: calls refused together wait for the same new token. */
const refreshing = new Map<number, Promise<string>>();

function refreshToken(rid: number, token: string): Promise<string> {
  const running = refreshing.get(rid);
  if (running) return running;
  const refresh = (async () => {
    try {
      // the token in its header, as every member call sends it: never in a URL (logs keep those)
      const fresh = await http.get<TokenRefreshAnswer>(
        MEMBER_API.tokenRefresh,
        { rid },
        { headers: { [MEMBER_TOKEN_HEADER]: token } },
      );
      updateMemberLogin(rid, { token: fresh.token });
      return fresh.token;
    } catch (error) {
      // 1001: the login cannot be renewed, so it goes; anything else may pass, so the diner is told
      if (codeOf(error) === MEMBER_CODES.refreshRefused) clearMemberLogin(rid);
      else showToast(MEMBER_COPY.refreshFailed);
      throw error;
    }
  })().finally(() => refreshing.delete(rid));
  refreshing.set(rid, refresh);
  return refresh;
}

/**
 * A member call at restaurant `rid` (sent as `rid` in its query or body) with the stored token: the
 * whole envelope (some codes are answers: 100201's empty info), or a rejection with http's ApiError
 * once the token codes are dealt with. A refused refresh rejects with the refresh's error.
 */
export function memberRequest<T>(
  method: MemberMethod,
  path: string,
  rid: number,
  params: FormBody = {},
): Promise<WireEnvelope<T>> {
  return withToken<T>(method, path, rid, () => ({ params }));
}

/** memberRequest's way with the token, the call made for each token it is sent with. */
async function withToken<T>(
  method: MemberMethod,
  path: string,
  rid: number,
  make: (token: string | undefined) => MemberCall | Promise<MemberCall>,
): Promise<WireEnvelope<T>> {
  const withRid = async (token: string | undefined) => {
    const call = await make(token);
    return { ...call, params: { rid, ...call.params } };
  };
  const stored = readMemberLogin(rid)?.token;
  try {
    return await send<T>(method, path, await withRid(stored), stored);
  } catch (error) {
    // without a token there is nothing to refresh: the refusal stands
    if (!settle(error, rid) || !stored) throw error;
  }
  const token = await refreshToken(rid, stored);
  try {
    return await send<T>(method, path, await withRid(token), token);
  } catch (error) {
    // once only: a second stale answer is a refusal like any other
    settle(error, rid);
    throw error;
  }
}

export async function memberGet<T>(path: string, rid: number, query: FormBody = {}): Promise<T> {
  return (await memberRequest<T>("GET", path, rid, query)).data;
}

export async function memberPost<T>(path: string, rid: number, body: FormBody = {}): Promise<T> {
  return (await memberRequest<T>("POST", path, rid, body)).data;
}

/**
 * A member POST whose body and headers are made for the token they go with (recharge-prepay's paySign
 * is keyed by it): made again for the refreshed token when the first is refused as stale.
 */
export async function memberPostFor<T>(
  path: string,
  rid: number,
  make: (token: string | undefined) => Promise<MemberCall>,
): Promise<T> {
  return (await withToken<T>("POST", path, rid, make)).data;
}
