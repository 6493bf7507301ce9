/** Where the crash soak's and the embedded-store bench's diners sit, read from what the server printed. */
import type { RunningServer } from "../../e2e/support/server.js";
import type { Seat } from "./diners.js";

/** the demo's pay-later and prepayment restaurants */
export const PAY_LATER = "川味小馆";
export const PREPAY = "江南食府";

/** The restaurant's owner as the first start printed them: `  <rid> <name>: <login> / <password>`. */
export function ownerOf(output: string, name: string): { login: string; password: string } {
  const printed = new RegExp(`^ {2}\\d+ ${name}: (\\S+) / (\\S+)\\s*$`, "m").exec(output);
  if (!printed?.[1] || !printed[2]) throw new Error(`no console sign-in printed for ${name}`);
  return { login: printed[1], password: printed[2] };
}

/** `diners` seats, half at the pay-later restaurant's tables and half at the prepayment one's. */
export function seatsOf(server: RunningServer, diners: number): Seat[] {
  const at = (name: string, prepay: boolean) =>
    server.tables
      .filter((t) => t.restaurant === name)
      .slice(0, diners / 2)
      .map((t) => {
        const q = new URL(t.url).searchParams;
        return {
          rid: Number(q.get("hotelid")),
          tableId: Number(q.get("tn")),
          sid: q.get("sid") ?? "",
          prepay,
        };
      });
  return [...at(PAY_LATER, false), ...at(PREPAY, true)];
}
