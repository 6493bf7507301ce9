import { ApiError } from "@tablemate/client";
import { MEMBER_API, MEMBER_CODES, memberTokenAction } from "@tablemate/core";
import { codeOf } from "../../api/member-http.js";
import { MEMBER_COPY } from "./member-copy.js";

/**
 * What to tell the diner when a member call is refused (001 §8): 100002 该会员卡不能在本店使用; the
 * card right (10024, 10025) and a frozen card (10020) in the server's words; any other refusal in its
 * own words, else `fallback`. Null where the transport already said it (系统错误, a failed refresh)
 * or there is nothing to say (a cleared login: the page shows the login form).
 */
export function memberRefusalText(error: unknown, fallback: string): string | null {
  const code = codeOf(error);
  const action = memberTokenAction(code);
  if (action === "clear" || action === "systemError") return null;
  if (error instanceof ApiError && error.path === MEMBER_API.tokenRefresh) return null;
  if (code === MEMBER_CODES.otherRestaurant) return MEMBER_COPY.cardNotHere;
  const message = error instanceof ApiError && error.kind === "envelope" ? error.message : "";
  if (code === MEMBER_CODES.cardRightOff || code === MEMBER_CODES.noCardRight)
    return message || MEMBER_COPY.cardRightUnavailable;
  if (code === MEMBER_CODES.cardFrozen) return message || MEMBER_COPY.cardFrozenMessage;
  return message || fallback;
}
