import { allergenWords, dietWords } from "@tablemate/core";
import { foodLanguage } from "../../i18n/i18n.js";

/** Allergen names as the diner reads them: core's words in the language shown (花生 / Peanuts / 落花生). */
export const allergenNames = (codes: readonly string[]): string => allergenWords(codes, foodLanguage());

/** Diet names the same way (素食 / Vegetarian / ベジタリアン). */
export const dietNames = (codes: readonly string[]): string => dietWords(codes, foodLanguage());
