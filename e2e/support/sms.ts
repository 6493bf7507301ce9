import type { RunningServer } from "./server.js";

/**
 * Every verification code the server sent to `phone`, oldest first, read from its log: with no SMS
 * gateway its default sender logs each code (a JSON line with `phone` and `code`).
 */
export function loggedCodes(server: RunningServer, phone: string): string[] {
  const codes: string[] = [];
  for (const line of server.output().split("\n")) {
    if (!line.startsWith("{") || !line.includes(phone)) continue;
    try {
      const entry: unknown = JSON.parse(line);
      if (typeof entry !== "object" || entry === null || !("phone" in entry) || !("code" in entry)) continue;
      if (entry.phone === phone && typeof entry.code === "string") codes.push(entry.code);
    } catch {
      // a line cut by the pipe, or not the logger's: not a code
    }
  }
  return codes;
}

/** The last verification code the server sent to `phone`, or null while none was sent. */
export function loggedCode(server: RunningServer, phone: string): string | null {
  return loggedCodes(server, phone).at(-1) ?? null;
}
