/**
 * Both providers write times in Beijing time (UTC+8, no daylight saving), whatever the server's zone:
 * WeChat as RFC 3339 with +08:00, Alipay as 'yyyy-MM-dd HH:mm:ss'.
 */
const BEIJING_OFFSET_MS = 8 * 3600 * 1000;

function beijingParts(date: Date): string[] {
  const b = new Date(date.getTime() + BEIJING_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return [
    String(b.getUTCFullYear()),
    pad(b.getUTCMonth() + 1),
    pad(b.getUTCDate()),
    pad(b.getUTCHours()),
    pad(b.getUTCMinutes()),
    pad(b.getUTCSeconds()),
  ];
}

/** '2025-06-08T10:34:56+08:00' (WeChat's time_expire) */
export function beijingRfc3339(date: Date): string {
  const [y, mo, d, h, mi, s] = beijingParts(date);
  return `${y}-${mo}-${d}T${h}:${mi}:${s}+08:00`;
}

/** '2025-06-08 10:34:56' (Alipay's timestamp and time_expire) */
export function beijingText(date: Date): string {
  const [y, mo, d, h, mi, s] = beijingParts(date);
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

/** Alipay's 'yyyy-MM-dd HH:mm:ss' back to an instant; undefined when it is not that shape. */
export function parseBeijingText(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - BEIJING_OFFSET_MS);
}
