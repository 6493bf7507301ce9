/**
 * The statements of one cart operation, hand-written for its hot path: one reads everything the
 * decision needs without locking anything, one writes the decision only if the cart is still at the
 * version that was read (its own transaction). Two round trips; a cart changed in between is read again.
 */
import type { CartLine, CartState } from "@tablemate/core";
import type { Db } from "../../db/client.js";
import { dishes } from "../../db/schema.js";
import { rowFromJson, run, type Statement } from "../../db/statements.js";
import { LINES_JSON, presentLine, type StoredLine } from "./cart-state.js";

/** Reads the cart with what the decision needs: the dishes `dishFilter` picks (one statement per filter). */
const readStatement = (name: string, dishFilter: string): Statement => ({
  name,
  text: `
select
  c.version,
  c.table_id as "tableId",
  c.restaurant_id as "restaurantId",
  t.person_num as "personNum",
  r.timezone,
  r.server_version as "serverVersion",
  (select json_build_object('version', o.version, 'ok', o.ok, 'message', o.message)
     from cart_ops o where o.cart_id = $1 and o.op_id = $2) as seen,
  ${LINES_JSON} as lines,
  (select v.ended_at is null from visits v where v.id = c.visit_id) as "visitOpen",
  c.owner_guid in ('', $3) as "ownsCart",
  (select u.nickname from table_users u where u.visit_id = c.visit_id and u.guid = $3) as nickname,
  coalesce((select json_agg(d order by d.id) from dishes d where d.restaurant_id = c.restaurant_id and ${dishFilter}),
    '[]') as dishes
from carts c
join tables t on t.id = c.table_id
join restaurants r on r.id = c.restaurant_id
where c.id = $1`,
});

/** the dishes in the cart and the one the operation adds ($4, 0 for none) */
const READ = readStatement(
  "cart_op_read",
  "(d.id = $4 or d.id in (select food_id from cart_lines where cart_id = $1))",
);
/** the whole menu, which the diner count's must-order dishes need (by id: they are added in that order) */
const READ_MENU = readStatement("cart_op_read_menu", "true");

interface ReadRow {
  version: number;
  tableId: number;
  restaurantId: number;
  personNum: number;
  timezone: string;
  serverVersion: string;
  seen: { version: number; ok: boolean; message: string } | null;
  lines: StoredLine[];
  visitOpen: boolean;
  ownsCart: boolean;
  nickname: string | null;
  dishes: Record<string, unknown>[];
}

/** The cart as the rules see it: its lines without the fields shown to tablemates (cart-state.ts's linesShown). */
export type RuleCart = Omit<CartState, "lines"> & { lines: CartLine[] };

export interface ReadCart {
  state: RuleCart;
  tableId: number;
  restaurantId: number;
  timezone: string;
  /** the register's version, which gates combos and member prices (spec 000 §9) */
  serverVersion: string;
  /** the verdict this operation id already had, if it was seen before */
  seen: { version: number; ok: boolean; message: string } | null;
  /** whether the cart's visit is still open (not settled or cleared) */
  visitOpen: boolean;
  /** whether the actor sits at the cart's visit (and owns it in quick-service) */
  seated: boolean;
  nickname: string | null;
  dishRows: (typeof dishes.$inferSelect)[];
}

/**
 * Reads the cart in one snapshot, with the operation's earlier verdict, the actor's name and the
 * dishes the rules need: those in the cart and `foodId`'s, or the whole menu.
 */
export async function readCart(
  db: Db,
  input: { cartId: number; opId: string; guid: string; foodId: number; wholeMenu: boolean },
): Promise<ReadCart> {
  const [statement, values] = input.wholeMenu
    ? [READ_MENU, [input.cartId, input.opId, input.guid]]
    : [READ, [input.cartId, input.opId, input.guid, input.foodId]];
  const [row] = await run<ReadRow>(db, statement, values);
  if (!row) throw new Error(`cart ${input.cartId} vanished`);
  return {
    state: {
      cartId: input.cartId,
      version: row.version,
      personNum: row.personNum,
      lines: row.lines.map(presentLine),
    },
    tableId: row.tableId,
    restaurantId: row.restaurantId,
    timezone: row.timezone,
    serverVersion: row.serverVersion,
    seen: row.seen,
    visitOpen: row.visitOpen,
    // the nickname subquery finds the actor's seat: null when they do not sit at this visit
    seated: row.ownsCart && row.nickname !== null,
    nickname: row.nickname,
    dishRows: row.dishes.map((json) => rowFromJson(dishes, json)),
  };
}

/**
 * Writes an applied operation in one statement, only if the cart is still at the version before it
 * ($2 - 1): the version bumped, removed lines deleted, new and changed ones upserted (new lines after
 * every earlier one: the version only grows, so positions never collide), the diner count when it
 * changed, and the operation id with its version. Answers whether it wrote.
 */
const WRITE_APPLIED: Statement = {
  name: "cart_op_write_applied",
  text: `
with bumped as (
  update carts set version = $2 where id = $1 and version = $2 - 1 returning id
), removed as (
  delete from cart_lines where cart_id = $1 and exists (select 1 from bumped)
    and detail_id in (select jsonb_array_elements_text($4::jsonb))
), changed as (
  insert into cart_lines (cart_id, detail_id, food_id, norm_id, method_ids, additions, parts, count, memo,
    updated_by, position)
  select $1, l."detailId", l."foodId", l."normId", l."methodIds", l.additions, l.parts, l.count, l.memo, $5,
    l.position
  from jsonb_to_recordset($6::jsonb) as l("detailId" text, "foodId" integer, "normId" integer,
    "methodIds" jsonb, additions jsonb, parts jsonb, count numeric, memo text, position integer)
  where exists (select 1 from bumped)
  on conflict (cart_id, detail_id) do update
    set count = excluded.count, memo = excluded.memo, updated_by = excluded.updated_by
), seated as (
  update tables set person_num = $7 where id = $8 and $7::integer is not null and exists (select 1 from bumped)
), applied as (
  insert into cart_ops (cart_id, op_id, version, ok) select $1, $3, $2, true from bumped
)
select count(*)::int as written from bumped`,
};

/** False when the cart moved on since it was read: nothing was written. */
export async function writeApplied(
  db: Db,
  write: {
    cartId: number;
    version: number;
    opId: string;
    guid: string;
    before: readonly CartLine[];
    after: readonly CartLine[];
    personNum?: number;
    tableId: number;
  },
): Promise<boolean> {
  const { before, after } = write;
  const removed = before.filter((b) => !after.some((a) => a.detailId === b.detailId)).map((b) => b.detailId);
  const changed = after
    .filter((line) => {
      const old = before.find((b) => b.detailId === line.detailId);
      return !old || old.count !== line.count || old.memo !== line.memo;
    })
    .map((line, i) => ({
      detailId: line.detailId,
      foodId: line.foodId,
      normId: line.normId,
      methodIds: line.methodIds,
      additions: line.additions,
      parts: line.parts,
      count: line.count,
      memo: line.memo,
      position: write.version * 1000 + i,
    }));
  const [row] = await run<{ written: number }>(db, WRITE_APPLIED, [
    write.cartId,
    write.version,
    write.opId,
    JSON.stringify(removed),
    write.guid,
    JSON.stringify(changed),
    write.personNum ?? null,
    write.tableId,
  ]);
  return row?.written === 1;
}

const WRITE_REFUSED: Statement = {
  name: "cart_op_write_refused",
  text: `
insert into cart_ops (cart_id, op_id, version, ok, message) values ($1, $2, $3, false, $4)
on conflict (cart_id, op_id) do nothing`,
};

/** A refused operation's id is kept with its reason, so sending it again gets the same answer. */
export async function writeRefused(
  db: Db,
  refused: { cartId: number; opId: string; version: number; message: string },
): Promise<void> {
  await run(db, WRITE_REFUSED, [refused.cartId, refused.opId, refused.version, refused.message]);
}
