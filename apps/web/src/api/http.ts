import { createHttpClient, watchCall } from "@tablemate/client";

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
 * The diner's client: the stored token in the `token` header, form-encoded bodies, and every call
 * watched for the slow-network toast. Calls pass no schema: the diner app carries no zod.
 */
export const http = createHttpClient({ token: readToken, watch: watchCall });
