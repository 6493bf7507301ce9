/**
 * The demo restaurants' kitchen stations (issue 17): 热菜, 凉菜 and 吧台, with the demo's categories
 * routed to them by name. A category no station names goes to 热菜 (the first station), so the
 * generated 500-dish menu needs no list. Added to a restaurant that has no station yet, so a data
 * directory seeded before stations existed gets them at its next start, and a restaurant whose
 * stations were changed in the console keeps its own.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../client.js";
import { categories, restaurants, stationCategories, stations } from "../schema.js";
import { demoRestaurants } from "./restaurants.js";

export const DEMO_STATIONS: ReadonlyArray<{ name: string; categories: readonly string[] }> = [
  { name: "热菜", categories: ["热菜", "招牌菜", "汤羹", "主食", "小吃", "称重海鲜", "套餐"] },
  { name: "凉菜", categories: ["凉菜"] },
  { name: "吧台", categories: ["饮品", "酒水"] },
];

export async function seedDemoStations(db: Db): Promise<void> {
  const names = demoRestaurants.map((d) => d.restaurant.name);
  const demo = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(inArray(restaurants.name, names));
  for (const { id: restaurantId } of demo) {
    await db.transaction(async (tx) => {
      // a concurrent start seeding the same restaurant waits on this lock and then finds stations
      await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId))
        .for("update");
      const [any] = await tx
        .select({ id: stations.id })
        .from(stations)
        .where(eq(stations.restaurantId, restaurantId))
        .limit(1);
      if (any) return;
      const made = await tx
        .insert(stations)
        .values(DEMO_STATIONS.map((s, sort) => ({ restaurantId, name: s.name, sort })))
        .returning();
      const cats = await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.restaurantId, restaurantId));
      const routes = made.flatMap((station) => {
        const wanted = DEMO_STATIONS.find((s) => s.name === station.name)?.categories ?? [];
        return cats
          .filter((c) => wanted.includes(c.name))
          .map((c) => ({ stationId: station.id, categoryId: c.id }));
      });
      if (routes.length) await tx.insert(stationCategories).values(routes);
    });
  }
}
