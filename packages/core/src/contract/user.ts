import { z } from "zod";
import { guidSchema, idSchema } from "./common.js";

export const userInfoQuerySchema = z.object({ guid: guidSchema, rid: idSchema });

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
