import { randomUuid } from "@tablemate/client";
import { isGuid } from "@tablemate/core";

export const GUID_COOKIE = "guid";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

function validGuid(value: string | null): string | null {
  return value !== null && isGuid(value) ? value : null;
}

/**
 * The visitor id: from page data, else the cookie the server set, else a new one written to the
 * cookie. Null only when the cookie cannot be read back (cookies blocked), which aborts startup.
 */
export function resolveGuid(pageDataGuid: string | null): string | null {
  const known = validGuid(pageDataGuid) ?? validGuid(readCookie(GUID_COOKIE));
  if (known) return known;
  const generated = randomUuid();
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and in-app browsers
  document.cookie = `${GUID_COOKIE}=${generated}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
  return validGuid(readCookie(GUID_COOKIE));
}
