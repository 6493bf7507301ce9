/**
 * The diner's menu-language call (issue 28; ours), in a module of its own: the app loads it with a
 * chosen language, so the menu's first screen carries none of it.
 */
export const MENU_LANGUAGE_API = {
  /** GET ?rid=&lang=: the menu's texts in a language the restaurant offers (base text → translation) */
  menuTranslation: "/cloud/api/v1/menu-translation",
} as const;
