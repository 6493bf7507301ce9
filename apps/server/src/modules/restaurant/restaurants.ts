import { AppError, centsToMoneyText, type RestaurantDetail } from "@tablemate/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { restaurants } from "../../db/schema.js";

export type RestaurantRow = typeof restaurants.$inferSelect;

export async function findRestaurant(db: Db, id: number): Promise<RestaurantRow | undefined> {
  const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id));
  return row;
}

export async function getRestaurant(db: Db, id: number): Promise<RestaurantRow> {
  const row = await findRestaurant(db, id);
  if (!row) throw new AppError("restaurantNotFound");
  return row;
}

/** The pos-status call's answer: whether the restaurant's register is online. */
export function posStatus(row: RestaurantRow): boolean {
  return row.posOnline;
}

/** The one place a restaurant row becomes the wire's restaurant detail. */
export function presentRestaurant(row: RestaurantRow): RestaurantDetail {
  return {
    restaurantId: row.id,
    restaurantName: row.name,
    wctPayType: row.wctPayType,
    restaurantFastHotel: row.fastHotel,
    openRecharge: row.openRecharge,
    serverVersion: row.serverVersion,
    iconUrl: row.iconUrl,
    foodTakingMode: row.foodTakingMode,
    wctPayOnly: row.wctPayOnly,
    fastFoodNeedPersonNum: row.fastFoodNeedPersonNum,
    startPrice: Number(row.startPrice),
    deliveryFee: centsToMoneyText(row.deliveryFeeCents),
    deliveryMinutes: row.deliveryMinutes,
    hotelLock: row.hotelLock,
    verifyPhone: row.verifyPhone,
    hideTotalPrice: row.hideTotalPrice,
    wctCallService: row.wctCallService,
    address: row.address,
    phone: row.phone,
    businessTime: row.businessTime,
    tags: row.tags,
    environment: row.environment,
    hotelLabel: row.hotelLabel,
    restaurantDescription: row.description,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    crmType: row.crmType,
    templateNumber: { foods: row.foodsTemplate, recommends: row.recommendsTemplate },
    announcement: row.announcement,
    discountText: row.discountText,
    timezone: row.timezone,
  };
}
