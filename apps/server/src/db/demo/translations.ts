/**
 * 江南食府's menu in English (issue 28): the seed gives it menu-en.ts's translations, and a data
 * directory seeded before translations existed gets them at its next start. Added only while the
 * restaurant has no translation in the language, so one the console changed keeps its own.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../client.js";
import { menuTranslations, restaurants } from "../schema.js";
import { DEMO_MENU_EN, DEMO_MENU_LANG, TRANSLATED_DEMO_RESTAURANT } from "./menu-en.js";

export async function seedDemoTranslations(db: Db): Promise<void> {
  const demo = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.name, TRANSLATED_DEMO_RESTAURANT));
  for (const { id: restaurantId } of demo) {
    const [begun] = await db
      .select({ source: menuTranslations.source })
      .from(menuTranslations)
      .where(and(eq(menuTranslations.restaurantId, restaurantId), eq(menuTranslations.lang, DEMO_MENU_LANG)))
      .limit(1);
    if (begun) continue;
    await db
      .insert(menuTranslations)
      .values(
        Object.entries(DEMO_MENU_EN).map(([source, text]) => ({
          restaurantId,
          lang: DEMO_MENU_LANG,
          source,
          text,
        })),
      )
      .onConflictDoNothing();
  }
}
