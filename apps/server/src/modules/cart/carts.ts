import { AppError, type CartJoinResult } from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { carts, tableUsers } from "../../db/schema.js";
import type { RestaurantRow } from "../restaurant/restaurants.js";
import type { TableRow } from "../table/tables.js";

/**
 * The open cart of a table: shared by everyone at a real table; in quick-service each visitor
 * orders alone, so the cart is their own "virtual table" at that seat.
 */
export async function openCart(db: Db, restaurant: RestaurantRow, table: TableRow, guid: string) {
  const ownerGuid = restaurant.fastHotel ? guid : "";
  const find = async () => {
    const [cart] = await db
      .select()
      .from(carts)
      .where(and(eq(carts.tableId, table.id), eq(carts.ownerGuid, ownerGuid)));
    return cart;
  };
  const open = await find();
  if (open) return open;
  await db
    .insert(carts)
    .values({ restaurantId: restaurant.id, tableId: table.id, ownerGuid })
    .onConflictDoNothing();
  const cart = await find();
  if (!cart) throw new AppError("cartNotFound");
  return cart;
}

export async function joinCart(
  db: Db,
  input: {
    restaurantId: number;
    tableId: number;
    cartId: number;
    guid: string;
    nickName?: string;
    headIcon?: string;
  },
): Promise<CartJoinResult> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.id, input.cartId),
        eq(carts.restaurantId, input.restaurantId),
        eq(carts.tableId, input.tableId),
      ),
    );
  if (!cart) throw new AppError("cartNotFound");
  if (cart.ownerGuid !== "" && cart.ownerGuid !== input.guid)
    throw new AppError("unauthorized", "这不是您的购物车");
  const profile = { cartId: cart.id, nickname: input.nickName ?? "", headIcon: input.headIcon ?? "" };
  await db
    .insert(tableUsers)
    .values({ tableId: cart.tableId, guid: input.guid, ...profile })
    .onConflictDoUpdate({ target: [tableUsers.tableId, tableUsers.guid], set: profile });
  return { virTableId: cart.id, cartId: cart.id };
}
