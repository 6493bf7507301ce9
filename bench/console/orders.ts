/**
 * Open orders for the console pages' benches, placed as diners place them: each round seats a new
 * diner at every table and fills the shared cart over HTTP (submit/prefill.ts), then submits it
 * (submit/load.ts submitCart); a table's later rounds are 加菜 orders of its visit. Nothing moves
 * them on, so every order stays open.
 */
import { randomUUID } from "node:crypto";
import type { Seat } from "../cart/commands.js";
import type { HttpClient } from "../submit/http.js";
import { submitCart } from "../submit/load.js";
import { planCarts, prefill } from "../submit/prefill.js";

export interface PlacedOrders {
  accepted: number;
  /** refused submits by answer code */
  refused: Record<string, number>;
  seconds: number;
}

export async function placeOrders(
  http: HttpClient,
  seats: Seat[],
  input: { rounds: number; dishIds: number[]; concurrency: number; log: (text: string) => void },
): Promise<PlacedOrders> {
  const start = performance.now();
  const placed: PlacedOrders = { accepted: 0, refused: {}, seconds: 0 };
  for (let round = 1; round <= input.rounds; round++) {
    const plans = planCarts(seats, {
      popular: [],
      others: input.dishIds,
      popularShare: 0,
      firstPopularCarts: 0,
    });
    const { tables } = await prefill(http, plans, { concurrency: input.concurrency, log: input.log });
    let next = 0;
    const worker = async () => {
      while (next < tables.length) {
        const table = tables[next++];
        if (!table) return;
        const answer = await submitCart(http, table, randomUUID());
        if (answer.body.code === 1000) placed.accepted++;
        else {
          const code = String(answer.body.code);
          placed.refused[code] = (placed.refused[code] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: input.concurrency }, worker));
    input.log(`orders: round ${round}/${input.rounds}, ${placed.accepted} accepted so far`);
  }
  placed.seconds = Math.round((performance.now() - start) / 100) / 10;
  return placed;
}
