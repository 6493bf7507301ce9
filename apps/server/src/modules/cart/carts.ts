import { AppError, type CartJoinResult } from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { carts, tableUsers } from "../../db/schema.js";
import { run, type Statement } from "../../db/statements.js";
import type { Signer } from "../../security/signer.js";
import { getRestaurant, type RestaurantRow } from "../restaurant/restaurants.js";
import { getSignedTable, type TableRow } from "../table/tables.js";
import { seatedVisit, seatVisitor } from "../visit/visits.js";

/** Whose cart a visitor at a table joins: the table's, or in quick-service their own seat's. */
const cartOwner = (restaurant: Pick<RestaurantRow, "fastHotel">, guid: string) =>
  restaurant.fastHotel ? guid : "";

/**
 * The open cart of a table's visit: shared by everyone at a real table; in quick-service each visitor
 * orders alone, so the cart is their own "virtual table" at that seat.
 */
export async function openCart(
  db: Db,
  restaurant: RestaurantRow,
  table: TableRow,
  visitId: number,
  guid: string,
) {
  const ownerGuid = cartOwner(restaurant, guid);
  const find = async () => {
    const [cart] = await db
      .select()
      .from(carts)
      .where(and(eq(carts.visitId, visitId), eq(carts.ownerGuid, ownerGuid)));
    return cart;
  };
  const open = await find();
  if (open) return open;
  await db
    .insert(carts)
    .values({ restaurantId: restaurant.id, tableId: table.id, visitId, ownerGuid })
    .onConflictDoNothing();
  const cart = await find();
  if (!cart) throw new AppError("cartNotFound");
  return cart;
}

/**
 * The restaurant's mode, the table's open visit, whether the visitor sits at it, and the visit's carts
 * the visitor could join (the shared one, their own).
 */
const TABLE_CARTS: Statement = {
  name: "table_carts",
  text: `
select r.fast_hotel as "fastHotel", c.id as "cartId", c.owner_guid as "ownerGuid",
  exists (select 1 from table_users u where u.visit_id = v.id and u.guid = $3) as seated
from restaurants r
join tables t on t.id = $2 and t.restaurant_id = r.id and t.deleted_at is null
left join visits v on v.table_id = t.id and v.ended_at is null
left join carts c on c.visit_id = v.id and c.owner_guid in ('', $3)
where r.id = $1`,
};

/**
 * The cart a table's socket joins. Its handshake carries the table's token, so it is a scan: the
 * visitor sits at the open visit (opened if the last party left). One statement when seat and cart
 * exist (a phone reconnecting, every tablemate at once after a restart); the token checked first.
 */
export async function socketCart(
  db: Db,
  signer: Signer,
  seat: { rid: number; tableId: number; sid: string; guid: string },
): Promise<{ cartId: number; fastHotel: boolean }> {
  const { rid, tableId, sid, guid } = seat;
  if (!signer.verifyTableToken(rid, tableId, sid)) throw new AppError("invalidTableToken");
  const rows = await run<{
    fastHotel: boolean;
    cartId: number | null;
    ownerGuid: string | null;
    seated: boolean;
  }>(db, TABLE_CARTS, [rid, tableId, guid]);
  const found = rows.find(
    (row) => row.seated && row.cartId !== null && row.ownerGuid === cartOwner(row, guid),
  );
  if (found?.cartId) return { cartId: found.cartId, fastHotel: found.fastHotel };
  const restaurant = await getRestaurant(db, rid);
  const table = await getSignedTable(db, signer, rid, tableId, sid);
  const cart = await openCart(db, restaurant, table, await seatVisitor(db, table, guid), guid);
  return { cartId: cart.id, fastHotel: restaurant.fastHotel };
}

/** Joins the cart the cart-id call handed out: it must be of the visit the visitor sits at, and theirs in quick-service. */
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
  if (cart.ownerGuid !== "" && cart.ownerGuid !== input.guid) throw new AppError("notSeated");
  const visitId = await seatedVisit(db, cart.tableId, input.guid);
  if (visitId === null) throw new AppError("notSeated");
  if (visitId !== cart.visitId) throw new AppError("visitEnded");
  await db
    .update(tableUsers)
    .set({ cartId: cart.id, nickname: input.nickName ?? "", headIcon: input.headIcon ?? "" })
    .where(and(eq(tableUsers.visitId, visitId), eq(tableUsers.guid, input.guid)));
  return { virTableId: cart.id, cartId: cart.id };
}
