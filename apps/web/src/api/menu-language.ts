import { MENU_LANGUAGE_API, type MenuTranslation } from "@tablemate/core";
import { http } from "./http.js";

/** The menu's texts in a language the restaurant offers; a 404 when the language is no longer complete. */
export function fetchMenuTranslation(rid: number, lang: string): Promise<MenuTranslation> {
  return http.get(MENU_LANGUAGE_API.menuTranslation, { rid, lang });
}
