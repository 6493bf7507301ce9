import { COPY } from "../../copy.js";
import { LOCALES, type Locale } from "../../i18n/locales.js";
import { useLocale } from "../../i18n/use-locale.js";
import { GlobeIcon } from "../menu/icons.js";

/** Loading languages is not the first screen's: its code comes with the first choice. */
async function chooseLanguage(locale: Locale): Promise<void> {
  const { setLocale } = await import("../../i18n/load-locale.js");
  await setLocale(locale, true);
}

/**
 * The diner's own choice of language, each named in itself (中文, English, 日本語): a native select
 * under a globe, so the phone's own picker opens. The choice is kept on the phone and shown at once,
 * page and cart as they were.
 */
export function LanguageSwitch() {
  const locale = useLocale();
  return (
    <label className="language-switch">
      <GlobeIcon />
      <select
        aria-label={COPY.language}
        value={locale}
        onChange={(event) => void chooseLanguage(event.target.value as Locale)}
      >
        {LOCALES.map(({ id, name }) => (
          <option key={id} value={id} lang={id}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
