import { z } from "zod";
import { guidSchema, idSchema } from "./common.js";

/** The guid is optional: whom the call answers for is decided by the visitor's credential. */
export const userInfoQuerySchema = z.object({ guid: guidSchema.optional(), rid: idSchema });

/** GET /user/getUserInfo's answer, which travels in the envelope's `message`, not in `data` (spec 001 §7). */
export const userInfoSchema = z.object({
  guid: z.string(),
  phone: z.string(),
  nickname: z.string(),
  headImagUrl: z.string(),
  webInfo: z.record(z.string(), z.string()),
  appInfo: z.object({ openId: z.string() }),
  memberCardId: z.number().nullable(),
  status: z.number(),
  token: z.string(),
});

export type UserInfo = z.infer<typeof userInfoSchema>;
