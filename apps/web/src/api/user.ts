import { ApiError } from "@tablemate/client";
import { DINER_API, type UserInfo } from "@tablemate/core";
import { http } from "./http.js";

/** GET /user/getUserInfo: the user travels in the envelope's `message`, not in `data` (spec 001 §7). */
export async function fetchUserInfo(guid: string, rid: number): Promise<UserInfo> {
  const envelope = await http.request("GET", DINER_API.userInfo, { query: { guid, rid } });
  const user = envelope.message;
  if (typeof user !== "object" || user === null || !("guid" in user)) {
    throw new ApiError("parse", DINER_API.userInfo, "user info missing from message", {
      code: envelope.code,
    });
  }
  return user as UserInfo;
}
