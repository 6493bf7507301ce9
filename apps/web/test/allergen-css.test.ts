import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ALLERGEN_NAMES, ALLERGENS, DIET_NAMES, DIETS, type FoodLanguage } from "@tablemate/core";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../src/i18n/locales.js";

/**
 * The card's allergen and diet marks are drawn by allergens.css (the first screen's JavaScript holds no
 * allergen words): its words must be core's, in every language the diner app speaks.
 */
const CSS = readFileSync(
  resolve(dirname(fileURLToPath(import.meta.url)), "../src/features/menu/allergens.css"),
  "utf8",
);

/** The content of the rule whose selector is exactly `selector` (the first such rule). */
function content(selector: string): string | undefined {
  const at = CSS.split("}").find((rule) => rule.split("{")[0]?.trim() === selector);
  return at ? /content:\s*"([^"]*)"/.exec(at)?.[1] : undefined;
}

const scoped = (language: FoodLanguage, selector: string) =>
  language === "zh" ? selector : `:lang(${language}) ${selector}`;

describe("allergens.css", () => {
  const languages = LOCALES.map((locale) => locale.food);

  it("speaks each language of the diner app", () => {
    expect(languages).toEqual(["zh", "en", "ja"]);
  });

  it("names every allergen and diet mark as core does, in each language", () => {
    for (const language of languages) {
      for (const code of ALLERGENS)
        expect(content(scoped(language, `.al-${code}::after`)), `${code} ${language}`).toBe(
          ALLERGEN_NAMES[code][language],
        );
      for (const code of DIETS) {
        expect(content(scoped(language, `.al-${code}::after`))).toBe(DIET_NAMES[code][language]);
        expect(content(scoped(language, `[data-diets~="${code}"] .allergen-marks::after`))).toBe(
          `✓ ${DIET_NAMES[code][language]}`,
        );
      }
      expect(content(scoped(language, `[data-allergens="?"] .allergen-marks::before`))).toMatch(/^\? \S/);
    }
  });

  it("marks and (until the menu takes them out) dims a card for each avoided allergen", () => {
    for (const code of ALLERGENS) {
      expect(CSS).toContain(`.avoid-${code} [data-allergens~="${code}"] .al-${code}`);
      expect(CSS).toContain(`.avoid-${code} .dish-card[data-allergens~="${code}"]`);
      expect(CSS).toContain(`.avoid-hide.avoid-${code} .dish-card[data-allergens~="${code}"]`);
    }
  });
});
