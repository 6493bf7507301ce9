import { randomBytes } from "node:crypto";
import { API, AppError, type UserInfo, userInfoQuerySchema } from "@tablemate/core";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { visitors } from "../../db/schema.js";
import { parse } from "../../http/parse.js";
import { getRestaurant } from "../restaurant/restaurants.js";

/** A visitor is known by guid; the first call creates it with a login token. */
export async function visitorFor(db: Db, guid: string) {
  await db
    .insert(visitors)
    .values({ guid, token: randomBytes(24).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(visitors).where(eq(visitors.guid, guid));
  if (!row) throw new AppError("internal");
  return row;
}

export function userRoutes(app: FastifyInstance, db: Db): void {
  // This call's answer is unusual in the spec: status 1000 and the user in `message`.
  app.get(API.userInfo, async (request) => {
    const { guid, rid } = parse(userInfoQuerySchema, request.query);
    await getRestaurant(db, rid);
    const visitor = await visitorFor(db, guid);
    const user: UserInfo = {
      guid,
      phone: visitor.phone ?? "",
      nickname: visitor.nickname ?? "",
      headImagUrl: visitor.headImagUrl ?? "",
      webInfo: {},
      appInfo: { openId: "" },
      memberCardId: null,
      status: 1,
      token: visitor.token ?? "",
    };
    return { status: 1000, code: 1000, success: true, message: user, data: { token: user.token } };
  });
}
