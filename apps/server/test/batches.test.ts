import { describe, expect, it } from "vitest";
import { batched } from "../src/db/batches.js";

/** A runBatch whose batches finish only when the test lets them, recording what each held. */
function heldBatches(fail: (item: number) => boolean = () => false) {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve, reject) => {
      pending.push(() =>
        items.some(fail) ? reject(new Error(`bad ${items.join(",")}`)) : resolve(items.map((i) => i * 10)),
      );
    });
  };
  /** finishes the oldest running batch and lets the promises it settles run */
  const finishOne = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, run, finishOne, running: () => pending.length };
}

describe("smart batching", () => {
  it("runs a lone item at once, and gathers the items that wait behind running batches", async () => {
    const held = heldBatches();
    const place = batched(held.run, { concurrency: 2, maxBatch: 3 });
    const answers = [1, 2, 3, 4, 5, 6, 7].map((i) => place(i));
    // two batches of one start at once; the other five wait for them
    expect(held.batches).toEqual([[1], [2]]);
    await held.finishOne();
    expect(held.batches).toEqual([[1], [2], [3, 4, 5]]);
    await held.finishOne();
    expect(held.batches).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
    while (held.running() > 0) await held.finishOne();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it("runs the items of a failed batch again alone, so only the bad one fails", async () => {
    const held = heldBatches((i) => i === 3);
    const place = batched(held.run, { concurrency: 1, maxBatch: 10 });
    const answers = [1, 2, 3, 4].map((i) => place(i).catch((error: Error) => error.message));
    await held.finishOne();
    expect(held.batches).toEqual([[1], [2, 3, 4]]);
    await held.finishOne();
    expect(held.batches.slice(2)).toEqual([[2], [3], [4]]);
    while (held.running() > 0) await held.finishOne();
    expect(await Promise.all(answers)).toEqual([10, 20, "bad 3", 40]);
  });

  it("fails the items of a batch that answers the wrong number of outcomes", async () => {
    const place = batched(async (items: number[]) => items.slice(1), { concurrency: 1, maxBatch: 10 });
    const answers = [1, 2, 3].map((i) => place(i).catch((error: Error) => error.message));
    expect(await Promise.all(answers)).toEqual(Array(3).fill("a batch of 1 answered 0 outcomes"));
  });
});
