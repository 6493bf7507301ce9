/**
 * The restaurant's card types (001 §3) with their member days (001 §9): listed with how many cards
 * each has, created (numbered after the restaurant's last, under the restaurant's lock) and edited
 * over the version read (409 otherwise). One default at most: making one default unsets the other.
 * A card carries its type's terms (name, member price, stored value, member day: the diner's pages
 * and the discount pipeline read them from the card), so the cards of a type follow each change of it
 * in the same transaction. Each change audited.
 */
import { AppError, type ConsoleCardType, type cardTypeEditSchema } from "@tablemate/core";
import { and, asc, count, eq, max, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { memberCards, memberCardTypes, restaurants } from "../../db/schema.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { presentCardType } from "./present.js";

type TypeValues = Omit<z.output<typeof cardTypeEditSchema>, "version">;
type TypeRow = typeof memberCardTypes.$inferSelect;

async function cardsOfType(db: Db | Tx, row: TypeRow): Promise<number> {
  const [n] = await db
    .select({ n: count() })
    .from(memberCards)
    .where(and(eq(memberCards.restaurantId, row.restaurantId), eq(memberCards.cardType, row.cardType)));
  return n?.n ?? 0;
}

export async function listCardTypes(db: Db, restaurantId: number): Promise<ConsoleCardType[]> {
  const [types, counts] = await Promise.all([
    db
      .select()
      .from(memberCardTypes)
      .where(eq(memberCardTypes.restaurantId, restaurantId))
      .orderBy(asc(memberCardTypes.cardType)),
    db
      .select({ cardType: memberCards.cardType, n: count() })
      .from(memberCards)
      .where(eq(memberCards.restaurantId, restaurantId))
      .groupBy(memberCards.cardType),
  ]);
  const byType = new Map(counts.map((c) => [c.cardType, c.n]));
  return types.map((t) => presentCardType(t, byType.get(t.cardType) ?? 0));
}

/** The restaurant's default type unset (but `keep`), before another is made the default. */
async function unsetDefault(tx: Tx, restaurantId: number, keep = 0): Promise<void> {
  await tx
    .update(memberCardTypes)
    .set({ isDefault: false })
    .where(
      and(
        eq(memberCardTypes.restaurantId, restaurantId),
        eq(memberCardTypes.isDefault, true),
        ne(memberCardTypes.id, keep),
      ),
    );
}

/** The type's terms onto its cards. */
async function cardsFollow(tx: Tx, row: TypeRow): Promise<void> {
  await tx
    .update(memberCards)
    .set({
      cardTypeName: row.name,
      isVipPrice: row.isVipPrice,
      chargeFlag: row.chargeFlag,
      memberDay: row.memberDay,
    })
    .where(and(eq(memberCards.restaurantId, row.restaurantId), eq(memberCards.cardType, row.cardType)));
}

const columns = (v: TypeValues) => ({
  name: v.name,
  isVipPrice: v.isVipPrice,
  chargeFlag: v.chargeFlag,
  pointsPerYuan: v.pointsPerYuan,
  centsPerPoint: v.centsPerPoint,
  rights: v.rights,
  isDefault: v.isDefault,
  enabled: v.enabled,
  memberDay: v.memberDay,
});

export async function createCardType(db: Db, by: StaffPrincipal, body: TypeValues): Promise<ConsoleCardType> {
  return db.transaction(async (tx) => {
    // one create at a time per restaurant: each takes the next number
    await tx
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.id, by.restaurantId))
      .for("update");
    const [last] = await tx
      .select({ n: max(memberCardTypes.cardType) })
      .from(memberCardTypes)
      .where(eq(memberCardTypes.restaurantId, by.restaurantId));
    if (body.isDefault) await unsetDefault(tx, by.restaurantId);
    const [row] = await tx
      .insert(memberCardTypes)
      .values({ restaurantId: by.restaurantId, cardType: (last?.n ?? 0) + 1, ...columns(body) })
      .returning();
    if (!row) throw new Error("card type not inserted");
    await cardsFollow(tx, row);
    const view = presentCardType(row, await cardsOfType(tx, row));
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "cardType.create",
      target: `cardType:${row.id}`,
      after: view,
    });
    return view;
  });
}

/** The whole type over the version the console read; its cards follow. */
export async function editCardType(
  db: Db,
  by: StaffPrincipal,
  typeId: number,
  body: z.output<typeof cardTypeEditSchema>,
): Promise<ConsoleCardType> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(memberCardTypes)
      .where(and(eq(memberCardTypes.id, typeId), eq(memberCardTypes.restaurantId, by.restaurantId)))
      .for("update");
    if (!row) throw new AppError("notFound", "卡类型不存在");
    if (row.version !== body.version)
      throw new AppError("editConflict", "该卡类型已被其他人修改，请刷新后再改", { version: row.version });
    const cards = await cardsOfType(tx, row);
    if (body.isDefault) await unsetDefault(tx, by.restaurantId, row.id);
    const [changed] = await tx
      .update(memberCardTypes)
      .set({ ...columns(body), version: row.version + 1 })
      .where(eq(memberCardTypes.id, row.id))
      .returning();
    if (!changed) throw new Error(`card type ${row.id} locked and gone`);
    await cardsFollow(tx, changed);
    const view = presentCardType(changed, cards);
    await recordAudit(tx, {
      restaurantId: by.restaurantId,
      by,
      action: "cardType.edit",
      target: `cardType:${row.id}`,
      before: presentCardType(row, cards),
      after: view,
    });
    return view;
  });
}
