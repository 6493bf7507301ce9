import { API, AppError, type UserInfo, userInfoQuerySchema } from "@tablemate/core";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { visitors } from "../../db/schema.js";
import { parse } from "../../http/parse.js";
import type { Signer } from "../../security/signer.js";
import { issueVisitor, visitorOf } from "../../security/visitor.js";
import { chosenCardId } from "../member/choice.js";
import { getRestaurant } from "../restaurant/restaurants.js";

/** A visitor is known by guid; the first call creates its row. */
export async function visitorFor(db: Db, guid: string) {
  await db.insert(visitors).values({ guid }).onConflictDoNothing();
  const [row] = await db.select().from(visitors).where(eq(visitors.guid, guid));
  if (!row) throw new AppError("internal");
  return row;
}

export function userRoutes(app: FastifyInstance, db: Db, signer: Signer): void {
  // This call's answer is unusual in the spec: status 1000 and the user in `message`. It answers for
  // the credential's visitor; a browser without one (cookies cleared, an API client) is made a new
  // visitor here, so nobody can become a guid they were shown by asking for it.
  app.get(API.userInfo, async (request, reply) => {
    const { rid } = parse(userInfoQuerySchema, request.query);
    await getRestaurant(db, rid);
    const known = visitorOf(signer, request);
    const { guid, token } = known
      ? { guid: known, token: signer.visitorCredential(known) }
      : issueVisitor(signer, reply);
    const visitor = await visitorFor(db, guid);
    const user: UserInfo = {
      guid,
      phone: visitor.phone ?? "",
      nickname: visitor.nickname ?? "",
      headImagUrl: visitor.headImagUrl ?? "",
      webInfo: {},
      appInfo: { openId: "" },
      // the card this visitor chose here (member-ship), or null
      memberCardId: await chosenCardId(db, guid, rid),
      status: 1,
      token,
    };
    return { status: 1000, code: 1000, success: true, message: user, data: { token } };
  });
}
