import { AppError, type CartJoinResult } from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { carts, tableUsers } from "../../db/schema.js";
import { run, type Statement } from "../../db/statements.js";
import type { Signer } from "../../security/signer.js";
import { getRestaurant, type RestaurantRow } from "../restaurant/restaurants.js";
import { getSignedTable, type TableRow } from "../table/tables.js";

/** Whose cart a visitor at a table joins: the table's, or in quick-service their own seat's. */
const cartOwner = (restaurant: Pick<RestaurantRow, "fastHotel">, guid: string) =>
  restaurant.fastHotel ? guid : "";

/**
 * The open cart of a table: shared by everyone at a real table; in quick-service each visitor
 * orders alone, so the cart is their own "virtual table" at that seat.
 */
export async function openCart(db: Db, restaurant: RestaurantRow, table: TableRow, guid: string) {
  const ownerGuid = cartOwner(restaurant, guid);
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

/** The restaurant's mode and the table's carts the visitor could join (the shared one, their own). */
const TABLE_CARTS: Statement = {
  name: "table_carts",
  text: `
select r.fast_hotel as "fastHotel", c.id as "cartId", c.owner_guid as "ownerGuid"
from restaurants r
join tables t on t.id = $2 and t.restaurant_id = r.id
left join carts c on c.table_id = t.id and c.owner_guid in ('', $3)
where r.id = $1`,
};

/**
 * The cart a table's socket joins, as openCart finds it, in one statement when it exists (a phone
 * reconnecting, every tablemate at once after a restart); the table's token checked first.
 */
export async function socketCart(
  db: Db,
  signer: Signer,
  seat: { rid: number; tableId: number; sid: string; guid: string },
): Promise<{ cartId: number; fastHotel: boolean }> {
  const { rid, tableId, sid, guid } = seat;
  if (!signer.verifyTableToken(rid, tableId, sid)) throw new AppError("invalidTableToken");
  const rows = await run<{ fastHotel: boolean; cartId: number | null; ownerGuid: string | null }>(
    db,
    TABLE_CARTS,
    [rid, tableId, guid],
  );
  const found = rows.find((row) => row.cartId !== null && row.ownerGuid === cartOwner(row, guid));
  if (found?.cartId) return { cartId: found.cartId, fastHotel: found.fastHotel };
  const restaurant = await getRestaurant(db, rid);
  const cart = await openCart(db, restaurant, await getSignedTable(db, signer, rid, tableId, sid), guid);
  return { cartId: cart.id, fastHotel: restaurant.fastHotel };
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
