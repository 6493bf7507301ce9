import { AppError } from "@tablemate/core";
import type { Db } from "../../db/client.js";
import { run, type Statement } from "../../db/statements.js";

/**
 * Records a batch of seen modules for a visitor on the restaurant's day (in its own zone), once per
 * module a day: only the restaurant's own modules (its shown categories and second categories, the
 * header, 老板推荐) are kept; any other key is dropped. Answers how many were new.
 */
const RECORD: Statement = {
  name: "module_views_record",
  text: `
with r as (select id, timezone from restaurants where id = $1),
known as (
  select distinct m.module from unnest($3::text[]) as m(module)
  where m.module in ('header', 'recommend')
     or exists (
       select 1 from categories c, r
       where c.restaurant_id = r.id and not c.hidden and m.module ~ '^[cs][0-9]+$'
         and c.id = substr(m.module, 2)::int
         and (c.parent_id is null) = (left(m.module, 1) = 'c'))
),
ins as (
  insert into module_views (restaurant_id, day, module, guid)
  select r.id, ($4::timestamptz at time zone r.timezone)::date, known.module, $2 from r, known
  on conflict do nothing
  returning 1
)
select (select count(*) from r)::int as "found", (select count(*) from ins)::int as "recorded"`,
};

export async function recordModuleViews(
  db: Db,
  input: { restaurantId: number; guid: string; modules: readonly string[]; now: Date },
): Promise<number> {
  const [row] = await run<{ found: number; recorded: number }>(db, RECORD, [
    input.restaurantId,
    input.guid,
    input.modules,
    input.now.toISOString(),
  ]);
  if (!row?.found) throw new AppError("restaurantNotFound");
  return row.recorded;
}
