import { randomUUID } from "node:crypto";
import {
  applyTableOp,
  type CartLine,
  type CartState,
  type Dish,
  MSG,
  type OpVerdict,
  type TableMessage,
  type TableOp,
} from "@tablemate/core";
import Big from "big.js";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cartLines, cartOps, carts, restaurants, tables, tableUsers } from "../../db/schema.js";
import { cartState, dishesFor, linesOf, presentLine, type Tx } from "./cart-state.js";

export interface OpInput {
  cartId: number;
  guid: string;
  opId: string;
  op: TableOp;
  accessType: "realTable" | "virTable";
  now: Date;
}

export interface OpOutcome {
  verdict: OpVerdict;
  /** the broadcast for the table; absent when refused or already applied */
  message?: TableMessage;
  state: CartState;
}

type Applied =
  | { ok: true; lines: CartLine[]; personNum?: number; menu: Dish[] }
  | { ok: false; message: string };

/** The new lines (and diner count) an operation leads to, by core's rules; nothing is written here. */
async function decide(
  tx: Tx,
  restaurant: { id: number; timezone: string },
  before: CartLine[],
  input: OpInput,
): Promise<Applied> {
  const { op } = input;
  // the diner count needs the whole menu (must-order dishes); other operations only their dishes
  const foodIds =
    op.kind === "personNum"
      ? undefined
      : [...new Set([...before.map((l) => l.foodId), ...(op.kind === "add" ? [op.foodId] : [])])];
  const menu = await dishesFor(tx, restaurant, input.now, foodIds);
  const result = applyTableOp(
    before,
    op,
    (id) => menu.find((d) => d.id === id),
    () => menu,
  );
  return result.ok ? { ...result, menu } : result;
}

/** Writes the difference between two sets of lines. */
async function writeLines(
  tx: Tx,
  cartId: number,
  nextVersion: number,
  before: CartLine[],
  after: CartLine[],
  guid: string,
) {
  const removed = before.filter((b) => !after.some((a) => a.detailId === b.detailId)).map((b) => b.detailId);
  if (removed.length) {
    await tx.delete(cartLines).where(and(eq(cartLines.cartId, cartId), inArray(cartLines.detailId, removed)));
  }
  // new lines go after every line so far: the cart's version only grows, so positions never collide
  let position = nextVersion * 1000;
  for (const line of after) {
    const old = before.find((b) => b.detailId === line.detailId);
    if (old && old.count === line.count && old.memo === line.memo) continue;
    const values = {
      cartId,
      detailId: line.detailId,
      foodId: line.foodId,
      normId: line.normId,
      methodIds: [...line.methodIds],
      additions: [...line.additions],
      parts: [...line.parts],
      count: line.count,
      memo: line.memo,
      updatedBy: guid,
      position: position++,
    };
    await tx
      .insert(cartLines)
      .values(values)
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.detailId],
        set: { count: values.count, memo: values.memo, updatedBy: guid },
      });
  }
}

async function actorName(tx: Tx, tableId: number, guid: string): Promise<string> {
  const [row] = await tx
    .select({ nickname: tableUsers.nickname })
    .from(tableUsers)
    .where(and(eq(tableUsers.tableId, tableId), eq(tableUsers.guid, guid)));
  return row?.nickname || "同伴";
}

function messageFor(
  input: OpInput,
  before: CartLine[],
  state: CartState,
  name: string,
  menu: Dish[],
): TableMessage {
  const base = {
    code: 1000 as const,
    socketId: randomUUID(),
    version: state.version,
    cart: state,
    actor: { guid: input.guid, name },
    opId: input.opId,
  };
  const { op } = input;
  if (op.kind === "clear") return { ...base, type: MSG.cart, clearCart: true };
  if (op.kind === "personNum") return { ...base, type: MSG.people, personNum: op.personNum };
  if (op.kind === "note") return { ...base, type: MSG.note, detail: op.detailId, memo: op.memo };
  const changed =
    state.lines.find((l) => !before.some((b) => b.detailId === l.detailId && b.count === l.count)) ??
    before.find((b) => !state.lines.some((l) => l.detailId === b.detailId));
  const now = state.lines.find((l) => l.detailId === changed?.detailId);
  const was = before.find((l) => l.detailId === changed?.detailId);
  const value = new Big(now?.count ?? 0);
  return {
    ...base,
    type: MSG.dish,
    value: value.toString(),
    inc: value.minus(was?.count ?? 0).toString(),
    foodId: changed?.foodId,
    detail: changed?.detailId,
    normId: changed?.normId ?? null,
    methodId: changed?.methodIds.join("&") ?? "",
    batch: changed?.additions.map((a) => ({ id: a.id, ordered: a.count })) ?? [],
    Weigh: menu.find((d) => d.id === changed?.foodId)?.Weigh ?? false,
    accessType: input.accessType,
  };
}

/**
 * Applies one tablemate's operation in one transaction: lock the cart, answer a repeated operation
 * id with its first verdict, decide with core's rules, write, bump the version. The caller
 * broadcasts the message only after this returns, so nothing is announced before it is committed.
 */
export async function commitTableOp(db: Db, input: OpInput): Promise<OpOutcome> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ cart: carts, personNum: tables.personNum, timezone: restaurants.timezone })
      .from(carts)
      .innerJoin(tables, eq(carts.tableId, tables.id))
      .innerJoin(restaurants, eq(carts.restaurantId, restaurants.id))
      .where(eq(carts.id, input.cartId))
      .for("update", { of: carts });
    if (!locked) throw new Error(`cart ${input.cartId} vanished`);
    const { cart, personNum, timezone } = locked;
    const [seen] = await tx
      .select()
      .from(cartOps)
      .where(and(eq(cartOps.cartId, cart.id), eq(cartOps.opId, input.opId)));
    if (seen) {
      const verdict = {
        type: "result" as const,
        opId: input.opId,
        ok: seen.ok,
        version: seen.version,
        message: seen.message,
      };
      return { verdict, state: await cartState(tx, cart) };
    }
    const before = (await linesOf(tx, cart.id)).map(presentLine);
    const decision = await decide(tx, { id: cart.restaurantId, timezone }, before, input);
    if (!decision.ok) {
      await tx.insert(cartOps).values({
        cartId: cart.id,
        opId: input.opId,
        version: cart.version,
        ok: false,
        message: decision.message,
      });
      const verdict = {
        type: "result" as const,
        opId: input.opId,
        ok: false,
        version: cart.version,
        message: decision.message,
      };
      return { verdict, state: { cartId: cart.id, version: cart.version, personNum, lines: before } };
    }
    await writeLines(tx, cart.id, cart.version + 1, before, decision.lines, input.guid);
    if (decision.personNum !== undefined) {
      await tx.update(tables).set({ personNum: decision.personNum }).where(eq(tables.id, cart.tableId));
    }
    const [bumped] = await tx
      .update(carts)
      .set({ version: sql`${carts.version} + 1` })
      .where(eq(carts.id, cart.id))
      .returning();
    const next = bumped ?? cart;
    await tx.insert(cartOps).values({ cartId: cart.id, opId: input.opId, version: next.version, ok: true });
    // the lines just decided are what the database now holds: no need to read them back
    const state = {
      cartId: cart.id,
      version: next.version,
      personNum: decision.personNum ?? personNum,
      lines: decision.lines,
    };
    const message = messageFor(
      input,
      before,
      state,
      await actorName(tx, cart.tableId, input.guid),
      decision.menu,
    );
    const verdict = {
      type: "result" as const,
      opId: input.opId,
      ok: true,
      version: next.version,
      message: "",
    };
    return { verdict, message, state };
  });
}
