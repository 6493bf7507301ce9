import { API, AppError, phoneCodeBodySchema } from "@tablemate/core";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import { getRestaurant } from "../restaurant/restaurants.js";
import type { PhoneCodes } from "./phone-codes.js";

/** Besides each phone's cooldown and daily cap, one visitor may not sweep through many phones. */
export const SEND_RATE = { max: 10, timeWindow: "1 minute" };

export function verificationRoutes(app: FastifyInstance, db: Db, codes: PhoneCodes): void {
  app.post(API.phoneCode, { config: { rateLimit: SEND_RATE } }, async (request) => {
    const { rid, phone } = parse(phoneCodeBodySchema, request.body);
    const restaurant = await getRestaurant(db, rid);
    // only restaurants that ask for a code send one: the call is no free SMS relay
    if (!restaurant.verifyPhone) throw new AppError("badRequest", "本店下单无需验证码");
    return ok(await codes.send(rid, phone, "order", request.ip), 1000, "验证码已发送");
  });
}
