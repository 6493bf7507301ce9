/**
 * What the database holds, read the way the server presents it: the bench's tables, each table's
 * cart, and the operation ids committed at each version.
 */
import type { CartLine } from "@tablemate/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../apps/server/src/db/client.js";
import { cartLines, cartOps, carts, restaurants, tables } from "../../apps/server/src/db/schema.js";
import { presentLine } from "../../apps/server/src/modules/cart/cart-state.js";
import type { Signer } from "../../apps/server/src/security/signer.js";
import type { Seat } from "./commands.js";

/** Tables per insert: three parameters a row stays far below PostgreSQL's 65,535 per statement. */
const INSERT_CHUNK = 5000;

/**
 * Adds `count` tables to a restaurant, by default the first demo restaurant with shared carts (not
 * quick-service); signs each.
 */
export async function addBenchTables(
  db: Db,
  signer: Signer,
  count: number,
  restaurantId?: number,
): Promise<Seat[]> {
  const rid = restaurantId ?? (await firstSharedCartRestaurant(db));
  const seats: Seat[] = [];
  for (let from = 0; from < count; from += INSERT_CHUNK) {
    const length = Math.min(INSERT_CHUNK, count - from);
    const rows = await db
      .insert(tables)
      .values(
        Array.from({ length }, (_, i) => ({
          restaurantId: rid,
          name: `压测${from + i + 1}`,
          sort: 1000 + from + i,
        })),
      )
      .returning({ id: tables.id });
    seats.push(...rows.map(({ id }) => ({ rid, tableId: id, sid: signer.tableToken(rid, id) })));
  }
  return seats;
}

async function firstSharedCartRestaurant(db: Db): Promise<number> {
  const [restaurant] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.fastHotel, false))
    .orderBy(asc(restaurants.id))
    .limit(1);
  if (!restaurant) throw new Error("no demo restaurant with shared carts");
  return restaurant.id;
}

export interface StoredCart {
  version: number;
  lines: CartLine[];
}

/** Every listed cart's version and lines, read in one snapshot. */
export async function storedCarts(db: Db, cartIds: number[]): Promise<Map<number, StoredCart>> {
  return db.transaction(
    async (tx) => {
      const heads = await tx
        .select({ id: carts.id, version: carts.version })
        .from(carts)
        .where(inArray(carts.id, cartIds));
      const lines = await tx
        .select()
        .from(cartLines)
        .where(inArray(cartLines.cartId, cartIds))
        .orderBy(asc(cartLines.cartId), asc(cartLines.position));
      const byCart = new Map<number, StoredCart>(heads.map((h) => [h.id, { version: h.version, lines: [] }]));
      for (const line of lines) byCart.get(line.cartId)?.lines.push(presentLine(line));
      return byCart;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The operation committed at this version of the cart, if any, and the cart's version now. */
export async function committedAt(
  db: Db,
  cartId: number,
  version: number,
): Promise<{ opId: string | undefined; cartVersion: number }> {
  const [op] = await db
    .select({ opId: cartOps.opId })
    .from(cartOps)
    .where(and(eq(cartOps.cartId, cartId), eq(cartOps.version, version), eq(cartOps.ok, true)));
  const [cart] = await db.select({ version: carts.version }).from(carts).where(eq(carts.id, cartId));
  return { opId: op?.opId, cartVersion: cart?.version ?? -1 };
}

/** Every accepted operation of the listed carts, by `cartId:version`. */
export async function committedOps(db: Db, cartIds: number[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ cartId: cartOps.cartId, version: cartOps.version, opId: cartOps.opId })
    .from(cartOps)
    .where(and(inArray(cartOps.cartId, cartIds), eq(cartOps.ok, true)));
  return new Map(rows.map((r) => [`${r.cartId}:${r.version}`, r.opId]));
}

export async function cartVersions(db: Db, cartIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: carts.id, version: carts.version })
    .from(carts)
    .where(inArray(carts.id, cartIds));
  return new Map(rows.map((r) => [r.id, r.version]));
}
