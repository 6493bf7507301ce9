import { type Compiled, translateWords } from "@tablemate/client";
import { setDefaultConfig } from "antd-mobile/es/components/config-provider";
import type enUS from "antd-mobile/es/locales/en-US";
import { DISH_COPY } from "../copy.js";
import { storedChoice } from "./choose-locale.js";
import { shownLocale, translateAll } from "./i18n.js";
import type { Locale } from "./locales.js";

/** Each language's catalogue, loaded only when a phone chooses it (zh-CN has none: it is the source). */
const CATALOGUES = import.meta.glob<Compiled>("./catalogues/*.ts", { import: "default" });

/** antd-mobile's own words (a sheet's close button, a dialog's buttons) in each language, loaded with it. */
const COMPONENT_WORDS: Record<Locale, () => Promise<{ default: typeof enUS }>> = {
  "zh-CN": () => import("antd-mobile/es/locales/zh-CN"),
  "en-US": () => import("antd-mobile/es/locales/en-US"),
  "ja-JP": () => import("antd-mobile/es/locales/ja-JP"),
};

let asked: Locale | undefined;

/**
 * Shows the app in a language: loads its catalogue, writes every copy module's words in it, and the
 * pages render again where they are (cart, page and scroll kept), the menu with them: in that
 * language where the restaurant offers it whole (menu-language.ts). Remembered on the phone when the diner
 * chose it. The last call wins.
 */
export async function setLocale(next: Locale, remember: boolean): Promise<void> {
  asked = next;
  if (remember) storedChoice(next);
  // the menu's language is the chosen one's only: its code comes with a choice, not the first screen
  const [catalogue, componentWords, showMenu] = await Promise.all([
    CATALOGUES[`./catalogues/${next}.ts`]?.(),
    COMPONENT_WORDS[next](),
    import("../features/language/menu-language.js").then(({ menuIn }) => menuIn(next)),
  ]);
  if (asked !== next) return;
  translateAll((namespace, words) =>
    translateWords(words as Record<string, unknown>, catalogue?.[namespace] as Compiled | undefined),
  );
  // read by each antd-mobile component as it renders again (shownLocale); "close" is ours (Japanese has none)
  const locale = componentWords.default;
  setDefaultConfig({ locale: { ...locale, common: { ...locale.common, close: DISH_COPY.close } } });
  showMenu();
  shownLocale(next);
}
