/**
 * Seeds the demo restaurants once per database, keeps the two clock-relative dishes relative to now and
 * the demo's register versions as the demo sets them.
 */
import { type ComboItem, formatMinutes, localClock, sortAllergens } from "@tablemate/core";
import { and, eq, inArray, ne } from "drizzle-orm";
import { createOwner } from "../../modules/staff/owners.js";
import { randomPassword, randomPin } from "../../modules/staff/secrets.js";
import type { Db } from "../client.js";
import { additionStock, categories, dishes, memos, restaurants, settings, tables } from "../schema.js";
import { declaredDemoDish } from "./allergens.js";
import { seedDemoMembers } from "./members.js";
import type { DemoCategory, DemoDish, RelativePeriod } from "./menu.js";
import { type DemoRestaurant, demoMemos, demoRestaurants } from "./restaurants.js";
import { seedDemoStations } from "./stations.js";
import { seedDemoTranslations } from "./translations.js";

const SEED_MARKER = "demo_seeded";

/** The dish `code` marking a clock-relative dish, so a refresh can find it in every restaurant. */
const RELATIVE_CODES: Record<RelativePeriod, string> = {
  unsellableNow: "DEMO-UNSELLABLE-NOW",
  endingSoon: "DEMO-ENDING-SOON",
};
const RELATIVE_KINDS: RelativePeriod[] = ["unsellableNow", "endingSoon"];

/**
 * Addition stock is keyed by addition id alone, so each restaurant's copy of the menu moves its option ids
 * (norms, methods, additions, combo parts) into a block of its own: restaurant id × ID_BLOCK + menu id.
 */
const ID_BLOCK = 100_000;

/** The config's default cost (boot passes the configured one). */
const DEMO_PASSWORD_COST = 16;

const DAY = 24 * 60;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type DishInsert = typeof dishes.$inferInsert;

/** A demo restaurant's owner account, as made on first start: its password is printed once, then never again. */
export interface DemoOwner {
  restaurantId: number;
  restaurantName: string;
  login: string;
  password: string;
}

/**
 * Seeds the demo once per database. Each demo restaurant gets an owner account with a random
 * password and PIN; the plain passwords are answered this once (for the start to print) and
 * stored only as hashes.
 */
export async function seedDemo(
  db: Db,
  now: Date,
  opts: { passwordCost?: number } = {},
): Promise<{ seeded: boolean; owners: DemoOwner[] }> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, SEED_MARKER));
  if (marker) return { seeded: false, owners: [] };
  const result = await db.transaction(async (tx) => {
    // Claiming the marker first makes a concurrent seeder wait on it and then find it taken.
    const claimed = await tx
      .insert(settings)
      .values({ key: SEED_MARKER, value: now.toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return { seeded: false, owners: [] };
    const owners: DemoOwner[] = [];
    for (const demo of demoRestaurants) {
      const restaurantId = await seedRestaurant(tx, demo, now);
      const owner = {
        login: `owner${restaurantId}`,
        name: "店主",
        password: randomPassword(),
        pin: randomPin(),
      };
      await createOwner(tx, owner, [restaurantId], opts.passwordCost ?? DEMO_PASSWORD_COST, now);
      owners.push({
        restaurantId,
        restaurantName: demo.restaurant.name,
        login: owner.login,
        password: owner.password,
      });
    }
    return { seeded: true, owners };
  });
  // the kitchen's stations, once the menu's categories are there; the member programme; 江南食府's English
  if (result.seeded) {
    await seedDemoStations(db);
    await seedDemoMembers(db, now);
    await seedDemoTranslations(db);
  }
  return result;
}

export async function refreshDemoPeriods(db: Db, now: Date): Promise<void> {
  const marked = await db
    .select({ id: dishes.id, code: dishes.code, timezone: restaurants.timezone })
    .from(dishes)
    .innerJoin(restaurants, eq(dishes.restaurantId, restaurants.id))
    .where(inArray(dishes.code, Object.values(RELATIVE_CODES)));
  for (const dish of marked) {
    const kind = relativeKindOf(dish.code);
    if (!kind) continue;
    const salableTime = relativeSalableTime(kind, localClock(now, dish.timezone).minutes);
    await db.update(dishes).set({ salableTime }).where(eq(dishes.id, dish.id));
  }
}

/**
 * Gives each demo restaurant whose register version the demo sets (阿婆粥铺's old one) that version, so
 * a data directory seeded before the demo set it shows it too. Matched by name, with the demo seeded.
 */
export async function refreshDemoVersions(db: Db): Promise<void> {
  for (const { restaurant } of demoRestaurants) {
    if (restaurant.serverVersion === undefined) continue;
    await db
      .update(restaurants)
      .set({ serverVersion: restaurant.serverVersion })
      .where(
        and(eq(restaurants.name, restaurant.name), ne(restaurants.serverVersion, restaurant.serverVersion)),
      );
  }
}

async function seedRestaurant(tx: Tx, demo: DemoRestaurant, now: Date): Promise<number> {
  const [restaurant] = await tx.insert(restaurants).values(demo.restaurant).returning();
  if (!restaurant) throw new Error(`demo seed: ${demo.restaurant.name} was not inserted`);
  const restaurantId = restaurant.id;
  const idOffset = restaurantId * ID_BLOCK;

  await tx.insert(tables).values(demo.tables.map((table, i) => ({ ...table, restaurantId, sort: i + 1 })));

  const categoryIdOf = await insertCategories(tx, restaurantId, demo.menu.categories);
  const nowMinutes = localClock(now, restaurant.timezone).minutes;
  const rowOf = (d: DemoDish, sort: number, combos: ComboItem[]): DishInsert => ({
    ...dishColumns(d, nowMinutes, idOffset),
    restaurantId,
    categoryId: categoryIdOf(d.category, null),
    secondCategoryId: d.secondCategory ? categoryIdOf(d.category, d.secondCategory) : null,
    sort,
    combos,
  });

  // Combos name other dishes by ref, so the single dishes go in first to get their ids.
  const sorted = demo.menu.dishes.map((d, i) => ({ d, sort: i + 1 }));
  const singles = await tx
    .insert(dishes)
    .values(sorted.filter(({ d }) => d.combos.length === 0).map(({ d, sort }) => rowOf(d, sort, [])))
    .returning({ id: dishes.id, imageKey: dishes.imageKey, name: dishes.name, allergens: dishes.allergens });
  const byRef = new Map(singles.map((s) => [s.imageKey, s]));
  const comboRows = sorted
    .filter(({ d }) => d.combos.length > 0)
    .map(({ d, sort }) =>
      rowOf(
        d,
        sort,
        d.combos.map(({ ref, ...part }) => {
          const item = byRef.get(ref);
          if (!item) throw new Error(`demo menu: combo ${d.ref} names unknown dish ${ref}`);
          const allergens = sortAllergens(item.allergens ?? []);
          return { ...part, id: part.id + idOffset, itemId: item.id, name: item.name, allergens };
        }),
      ),
    );
  if (comboRows.length > 0) await tx.insert(dishes).values(comboRows);

  const stock = demo.menu.additionStock;
  if (stock.length > 0)
    await tx
      .insert(additionStock)
      .values(stock.map((s) => ({ ...s, additionId: s.additionId + idOffset, restaurantId })));
  await tx.insert(memos).values(demoMemos.map((memo) => ({ ...memo, restaurantId })));
  return restaurantId;
}

/** Inserts the category tree and answers the id of a first-level (second null) or second-level category. */
async function insertCategories(
  tx: Tx,
  restaurantId: number,
  tree: DemoCategory[],
): Promise<(first: string, second: string | null) => number> {
  const firsts = await tx
    .insert(categories)
    .values(tree.map((c, i) => ({ restaurantId, name: c.name, sort: i + 1 })))
    .returning();
  const firstIds = new Map(firsts.map((c) => [c.name, c.id]));
  const firstId = (name: string): number => {
    const id = firstIds.get(name);
    if (id === undefined) throw new Error(`demo menu: unknown category ${name}`);
    return id;
  };
  const secondRows = tree.flatMap((c) =>
    c.seconds.map((name, i) => ({ restaurantId, parentId: firstId(c.name), name, sort: i + 1 })),
  );
  const seconds = secondRows.length > 0 ? await tx.insert(categories).values(secondRows).returning() : [];
  const secondIds = new Map(seconds.map((c) => [`${c.parentId}/${c.name}`, c.id]));
  return (first, second) => {
    if (second === null) return firstId(first);
    const id = secondIds.get(`${firstId(first)}/${second}`);
    if (id === undefined) throw new Error(`demo menu: unknown category ${first}/${second}`);
    return id;
  };
}

/** The dish's own columns, its option ids moved into the restaurant's block. */
function dishColumns(
  d: DemoDish,
  nowMinutes: number,
  idOffset: number,
): Omit<DishInsert, "restaurantId" | "categoryId" | "secondCategoryId" | "sort" | "combos"> {
  const { ref, category, secondCategory, relativePeriod, combos, ...columns } = declaredDemoDish(d);
  const shift = <T extends { id: number }>(option: T): T => ({ ...option, id: option.id + idOffset });
  return {
    ...columns,
    norms: columns.norms.map(shift),
    methodCategories: columns.methodCategories.map((c) => ({ ...c, methodList: c.methodList.map(shift) })),
    additionCategories: columns.additionCategories.map((c) => ({ ...c, additions: c.additions.map(shift) })),
    ...(relativePeriod && {
      code: RELATIVE_CODES[relativePeriod],
      salableTime: relativeSalableTime(relativePeriod, nowMinutes),
    }),
  };
}

function relativeKindOf(code: string): RelativePeriod | undefined {
  return RELATIVE_KINDS.find((kind) => RELATIVE_CODES[kind] === code);
}

/** 'HH:MM-HH:MM' where the end of the day is written 24:00. */
const range = (start: number, end: number): string =>
  `${formatMinutes(start)}-${end >= DAY ? "24:00" : formatMinutes(end)}`;

/** Sale hours around `now` (minutes since local midnight) for a clock-relative dish. */
function relativeSalableTime(kind: RelativePeriod, now: number): string {
  if (kind === "unsellableNow") {
    // Two hours starting three hours ahead, split at midnight when needed: it can never reach back to now.
    const start = (now + 180) % DAY;
    const end = start + 120;
    return end <= DAY ? range(start, end) : `${range(start, DAY)},${range(0, end - DAY)}`;
  }
  // A range cannot cross midnight, and one ending at 24:00 runs on into tomorrow so it never "ends soon";
  // near midnight the end is clamped to 23:59, still under 30 minutes away. Only during 23:59 itself can
  // nothing end later today: the dish then stays on sale to 24:00, without the hint.
  const start = Math.max(0, now - 60);
  if (now + 20 < DAY - 1) return range(start, now + 20);
  return range(start, now < DAY - 1 ? DAY - 1 : DAY);
}
