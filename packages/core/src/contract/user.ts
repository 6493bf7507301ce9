import { z } from "zod";
import { guidSchema, idSchema } from "./common.js";

/** The guid is optional: whom the call answers for is decided by the visitor's credential. */
export const userInfoQuerySchema = z.object({ guid: guidSchema.optional(), rid: idSchema });

export interface UserInfo {
  guid: string;
  phone: string;
  nickname: string;
  headImagUrl: string;
  webInfo: Record<string, string>;
  appInfo: { openId: string };
  memberCardId: number | null;
  status: number;
  token: string;
}
