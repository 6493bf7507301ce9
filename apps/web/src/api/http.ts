import { type ApiError, createHttpClient, watchCall } from "@tablemate/client";
import { COPY } from "../copy.js";
import { showToastFirst } from "../features/loading/toast.js";

/** Where the login token lives between visits (spec 001 §6). */
export const TOKEN_STORAGE_KEY = "token";

/** The stored login token, or null (storage can be disabled, in private mode: the call goes without). */
export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Code (or HTTP status) 500 on any call says 系统错误 (spec 001 §8), whatever the caller then does:
 * its own failure toast, raised as the refusal reaches it, does not replace the words.
 */
export function sayIfSystemError(error: ApiError): void {
  if ((error.code ?? error.status) === 500) showToastFirst(COPY.systemError);
}

/**
 * The diner's client: the stored token in the `token` header, form-encoded bodies, every call
 * watched for the slow-network toast, and every 500 said as 系统错误. Calls pass no schema: the diner
 * app carries no zod.
 */
export const http = createHttpClient({ token: readToken, watch: watchCall, onRefused: sayIfSystemError });
