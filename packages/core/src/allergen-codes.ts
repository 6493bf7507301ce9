/**
 * The allergen and diet codes alone (issue 29): the food list's schema reads them, and nothing else
 * of allergens.ts, so the diner app's first screen never holds the allergen rules' module.
 */
export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soybeans",
  "milk",
  "nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;

export const DIETS = ["vegetarian", "vegan", "halal"] as const;
