/** The one of an app's languages a tag asks for (en, en-GB, zh_CN, ja-JP…), matched by its language subtag. */
export function supportedLocale<L extends string>(
  tag: string | null | undefined,
  locales: readonly L[],
): L | undefined {
  const language = tag?.toLowerCase().split(/[-_]/)[0];
  return language ? locales.find((id) => id.toLowerCase().startsWith(`${language}-`)) : undefined;
}

/** The first of the tags (a stored choice, the browser's languages…) an app offers, else its source language. */
export function firstSupported<L extends string>(
  tags: readonly (string | null | undefined)[],
  locales: readonly L[],
  source: L,
): L {
  for (const tag of tags) {
    const locale = supportedLocale(tag, locales);
    if (locale) return locale;
  }
  return source;
}

/** What of the browser's localStorage this reads (the server's type check knows no DOM). */
interface KeptStrings {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The browser's storage of a language chosen under `key`, where blocked storage (private mode) only forgets it. */
export function storedLocale(key: string, write?: string): string | null {
  try {
    const { localStorage } = globalThis as unknown as { localStorage: KeptStrings };
    if (write) localStorage.setItem(key, write);
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
