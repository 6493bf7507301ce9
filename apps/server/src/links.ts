import { and, asc, eq, isNull } from "drizzle-orm";
import QRCode from "qrcode";
import type { Db } from "./db/client.js";
import type { DemoOwner } from "./db/demo/seed.js";
import { restaurants, tables } from "./db/schema.js";
import type { Signer } from "./security/signer.js";

export interface TableLink {
  restaurantId: number;
  restaurantName: string;
  tableId: number;
  tableName: string;
  url: string;
}

/** The link a table's QR code carries, on `base.origin` (spec 000 §3 qrcodeUrl): `/?hotelid=…&tn=…&sid=…`, plus the restaurant's mode. */
export function tableLink(
  base: { origin: string; routerPrefix: string },
  signer: Signer,
  restaurant: { id: number; linkMode: "dine" | "takeout" | "reserve" },
  tableId: number,
): string {
  const query = new URLSearchParams({
    hotelid: String(restaurant.id),
    tn: String(tableId),
    sid: signer.tableToken(restaurant.id, tableId),
  });
  if (restaurant.linkMode === "takeout") query.set("takeout", "1");
  if (restaurant.linkMode === "reserve") query.set("reserve", "1");
  return `${base.origin}${base.routerPrefix}/?${query}`;
}

export async function tableLinks(
  db: Db,
  signer: Signer,
  base: { origin: string; routerPrefix: string },
  restaurantId?: number,
): Promise<TableLink[]> {
  const rows = await db
    .select({ restaurant: restaurants, table: tables })
    .from(tables)
    .innerJoin(restaurants, eq(tables.restaurantId, restaurants.id))
    .where(
      and(
        isNull(tables.deletedAt),
        restaurantId === undefined ? undefined : eq(restaurants.id, restaurantId),
      ),
    )
    .orderBy(asc(restaurants.id), asc(tables.id));
  return rows.map(({ restaurant, table }) => ({
    restaurantId: restaurant.id,
    restaurantName: restaurant.name,
    tableId: table.id,
    tableName: table.name,
    url: tableLink(base, signer, restaurant, table.id),
  }));
}

/** A link's QR code as SVG, as every printed code is made (the links CLI's files, the console's QR sheet). */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: "svg", margin: 2 });
}

/** A link's QR code as a PNG file (the links CLI). */
export function qrPngFile(file: string, url: string): Promise<void> {
  return QRCode.toFile(file, url, { width: 600, margin: 2 });
}

/**
 * The demo owners' sign-ins, printed once at first start: a heading, then `  <rid> <restaurant>:
 * <login> / <password>` per restaurant (end-to-end tests read this format).
 */
export function ownerLines(owners: DemoOwner[]): string[] {
  return [
    "Console sign-in (shown once):",
    ...owners.map((o) => `  ${o.restaurantId} ${o.restaurantName}: ${o.login} / ${o.password}`),
  ];
}
