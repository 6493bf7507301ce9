import { GlobalOutlined } from "@ant-design/icons";
import { Select } from "antd";
import { COMMON_COPY } from "../../copy/index.js";
import { setLocale, useLocale } from "../../i18n/locale.js";
import { LOCALES, type Locale } from "../../i18n/locales.js";

/**
 * The staff member's language, each named in itself (中文, English): shown at once, the page where it
 * was, and remembered in this browser.
 */
export function LanguageSwitch() {
  const locale = useLocale();
  return (
    <Select
      className="header-language"
      aria-label={COMMON_COPY.language}
      data-testid="language-switch"
      value={locale}
      onChange={(next: Locale) => void setLocale(next, true)}
      suffixIcon={<GlobalOutlined />}
      options={LOCALES.map(({ id, name }) => ({ value: id, label: <span lang={id}>{name}</span> }))}
      popupMatchSelectWidth={false}
    />
  );
}
