/**
 * Same-origin only, for every call that changes something (and every socket's handshake): a page on
 * another origin (another port of the same host is another origin, though the same site, so the
 * cookies go along) must not act with the diner's or the staff's credentials.
 *
 * The browser says where a request comes from in two headers no page can forge: Sec-Fetch-Site
 * (modern browsers) and Origin. Sec-Fetch-Site, when present, decides (same-origin, or none: the
 * person's own navigation); else an Origin must name the host the request was sent to (its own Host
 * header, as the browser wrote it, so a phone on the LAN address and a proxy's public name both work;
 * with a trusted proxy, the host it forwarded). The product's own configured origins (PUBLIC_URL,
 * HOST_URL, QRCODE_URL, SOCKET_URL) pass whatever Sec-Fetch-Site says. A request
 * with neither is no browser's (a gateway's server-to-server callback, a script with an API key): what
 * authorises it is its signature or key, not an ambient cookie, so it passes here.
 */
export interface RequestSource {
  method: string;
  /** the request's Host (or the trusted proxy's X-Forwarded-Host) */
  host: string;
  origin?: string;
  secFetchSite?: string;
  /** a WebSocket handshake (a GET that opens a channel which changes things) */
  upgrade?: boolean;
}

/** Methods that change nothing: a cross-origin page may send them (it cannot read the answer). */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ALLOWED_FETCH_SITES = new Set(["same-origin", "none"]);

/** host[:port] as a URL of `protocol` writes it (lower case, default port left out), or null. */
function normalHost(protocol: string, host: string): string | null {
  try {
    const url = new URL(`${protocol}//${host}`);
    // anything but a bare host (a path, user info) is no Host header
    return url.pathname === "/" && !url.username && !url.search && !url.hash ? url.host : null;
  } catch {
    return null;
  }
}

/** Whether `origin` (an Origin header) is the request's own host, or one of `trusted` (origins). */
export function originMatches(origin: string, host: string, trusted: readonly string[] = []): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    // "null" (a sandboxed frame, a file) and anything unreadable
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  // an Origin header is exactly scheme://host[:port], as the URL standard writes it
  if (parsed.origin !== origin.toLowerCase()) return false;
  if (trusted.includes(parsed.origin)) return true;
  return normalHost(parsed.protocol, host) === parsed.host;
}

/** Whether the request may go on: a safe method, or a change from this origin (or from no browser). */
export function sameOriginAllowed(source: RequestSource, trusted: readonly string[] = []): boolean {
  if (SAFE_METHODS.has(source.method.toUpperCase()) && !source.upgrade) return true;
  // the product's own configured origins (a page served from PUBLIC_URL opening a socket elsewhere)
  if (source.origin !== undefined && trusted.includes(source.origin.toLowerCase())) return true;
  if (source.secFetchSite !== undefined) return ALLOWED_FETCH_SITES.has(source.secFetchSite.toLowerCase());
  if (source.origin === undefined) return true;
  return originMatches(source.origin, source.host, trusted);
}
