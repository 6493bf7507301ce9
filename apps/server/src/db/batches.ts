import type { Db } from "./client.js";

/**
 * Smart batching: items are run in batches, at most `concurrency` batches at a time. An item waits only
 * while that many batches are running, and the next batch takes every item that waited meanwhile (up
 * to `maxBatch`). So a lone item goes at once, with no timer, and under load the batches grow instead
 * of the queue: what a batch costs once (a round trip, a statement, a commit) is shared by its items.
 */
export interface BatchOptions {
  concurrency: number;
  maxBatch: number;
}

interface Waiting<I, O> {
  item: I;
  resolve(outcome: O): void;
  reject(error: unknown): void;
}

/**
 * `runBatch` answers one outcome per item, in the items' order. When a batch of several fails, each
 * of its items is run again alone, so one item's error (a lock waited on too long) is that item's only.
 */
export function batched<I, O>(
  runBatch: (items: I[]) => Promise<O[]>,
  { concurrency, maxBatch }: BatchOptions,
): (item: I) => Promise<O> {
  const queue: Waiting<I, O>[] = [];
  let running = 0;

  async function runTogether(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const outcomes = await runBatch(batch.map((w) => w.item));
      if (outcomes.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} answered ${outcomes.length} outcomes`);
      }
      for (const [i, w] of batch.entries()) w.resolve(outcomes[i] as O);
    } catch (error) {
      const [only] = batch;
      if (batch.length === 1 && only) only.reject(error);
      else await Promise.all(batch.map((w) => runTogether([w])));
    }
  }

  function next(): void {
    while (running < concurrency && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      running++;
      void runTogether(batch).finally(() => {
        running--;
        next();
      });
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      next();
    });
}

/** `batched` for work on a database: one batcher for each database it is given, made on first use. */
export function batchedPerDatabase<I, O>(
  runBatch: (db: Db, items: I[]) => Promise<O[]>,
  options: BatchOptions,
): (db: Db, item: I) => Promise<O> {
  const batchers = new WeakMap<Db, (item: I) => Promise<O>>();
  return (db, item) => {
    let batcher = batchers.get(db);
    if (!batcher) {
      batcher = batched((items: I[]) => runBatch(db, items), options);
      batchers.set(db, batcher);
    }
    return batcher(item);
  };
}
