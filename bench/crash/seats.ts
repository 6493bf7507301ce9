/** Where the crash soak's and the embedded-store bench's diners sit, read from what the server printed. */
import type { RunningServer } from "../../e2e/support/server.js";
import { type Acknowledged, Cashier, type Floor, type Seat } from "./diners.js";

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

/**
 * The two restaurants' cashiers, signed in with the owners' printed sign-ins, and a plain dish of each
 * menu, keyed by restaurant id.
 */
export async function staffAndDishes(
  server: RunningServer,
  floor: Floor,
  seats: readonly Seat[],
  acknowledged: Acknowledged,
): Promise<{ cashiers: Map<number, Cashier>; dishes: Map<number, number> }> {
  const cashiers = new Map<number, Cashier>();
  const dishes = new Map<number, number>();
  for (const [name, seat] of [
    [PAY_LATER, seats.find((s) => !s.prepay)],
    [PREPAY, seats.find((s) => s.prepay)],
  ] as const) {
    if (!seat) throw new Error(`no table of ${name}`);
    const { login, password } = ownerOf(server.output(), name);
    cashiers.set(seat.rid, await Cashier.signIn(() => server.url, login, password, acknowledged));
    dishes.set(seat.rid, await floor.plainDish(seat.rid));
  }
  return { cashiers, dishes };
}
