import { and, isNotNull, lte } from "drizzle-orm";
import { repeatEvery, type StopJob } from "../../db/jobs.js";
import { additionStock, dishes } from "../../db/schema.js";
import { publishStock, type StockDeps, stockNews } from "./stock.js";

/**
 * Snoozes lift by themselves: what diners see is computed on read (core's availableEstimate), so a
 * page or a sell-out call after the snooze's end shows the dish on sale whatever happens here. What
 * this adds is the news to the diners' open menus (type 20), announced once and never missed with
 * several server processes:
 *
 * - each process polls (SNOOZE_POLL_MS), and a lift is claimed through the database: one UPDATE
 *   clears the snoozes due and returns them. Two processes polling at once serialise on the rows'
 *   locks, and the second's WHERE, checked again on the row as committed, no longer matches: each
 *   lift is returned to exactly one process.
 * - the claiming process announces before it commits: if the publish fails, the transaction rolls
 *   back and the next poll (any process's) claims the lift again; if the commit fails after the
 *   publish, the lift is announced again later — type 20 carries absolute counts, so a repeat is
 *   harmless, a miss is not possible.
 *
 * The chosen alternative to a per-process timer per snooze: no timers to rebuild after a restart, one
 * indexed query per poll (partial indexes on snoozed_until), and a lift is at most one poll late.
 */
export async function liftDueSnoozes(deps: StockDeps): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const dishRows = await tx
      .update(dishes)
      .set({ snoozedUntil: null })
      .where(and(isNotNull(dishes.snoozedUntil), lte(dishes.snoozedUntil, now)))
      .returning({ id: dishes.id, restaurantId: dishes.restaurantId });
    const additionRows = await tx
      .update(additionStock)
      .set({ snoozedUntil: null })
      .where(and(isNotNull(additionStock.snoozedUntil), lte(additionStock.snoozedUntil, now)))
      .returning({
        id: additionStock.additionId,
        restaurantId: additionStock.restaurantId,
        estimate: additionStock.estimate,
      });
    const restaurantIds = new Set([...dishRows, ...additionRows].map((row) => row.restaurantId));
    for (const restaurantId of restaurantIds) {
      const lifted = new Set(dishRows.filter((r) => r.restaurantId === restaurantId).map((r) => r.id));
      const news = lifted.size ? await stockNews(tx, restaurantId, lifted, now) : [];
      const additions = additionRows
        .filter((r) => r.restaurantId === restaurantId)
        .map((r) => ({ additionId: r.id, sum: r.estimate }));
      await publishStock(deps, restaurantId, news, additions);
    }
    return dishRows.length + additionRows.length;
  });
}

/** Each process's poll; stopped with the server. A failed poll is logged and the next one tries again. */
export function startSnoozeLifts(
  deps: StockDeps,
  intervalMs: number,
  onError: (error: unknown) => void,
): StopJob {
  return repeatEvery(intervalMs, () => liftDueSnoozes(deps), onError);
}
