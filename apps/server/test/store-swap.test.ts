import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../src/boot.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { finishStoreSwap, type SwapJournal, storeFolder, swapJournalOf } from "../src/db/store/swap.js";

/**
 * A restore or an engine upgrade swaps a new embedded folder in with two renames. Wherever a crash
 * stops it, the next start finds the new store in place and the old one kept aside, never an empty
 * store beside the data (issue 26).
 */
describe("a swap of the embedded folder cut short by a crash", () => {
  const root = mkdtempSync(join(tmpdir(), "tablemate-swap-"));
  const made = { old: join(root, "made-old"), new: join(root, "made-new") };

  async function storeHolding(folder: string, mark: string) {
    const database = await openDatabase({ dataDir: folder });
    await database.session("write", async (query) => {
      await query("create table mark (v text)");
      await query("insert into mark values ($1)", [mark]);
    });
    await database.close();
  }

  async function markOf(folder: string): Promise<string | undefined> {
    const database = await openDatabase({ dataDir: folder });
    try {
      return (await database.session("snapshot", (query) => query<{ v: string }>("select v from mark")))[0]
        ?.v;
    } finally {
      await database.close();
    }
  }

  /** A data folder in the middle of a swap: its old store, the complete new one, and the journal. */
  function midSwap(name: string) {
    const dataDir = join(root, name);
    const target = storeFolder(dataDir);
    const journal: SwapJournal = { building: `${target}.restoring`, keptAside: `${target}.before-restore-x` };
    cpSync(made.old, target, { recursive: true });
    cpSync(made.new, journal.building, { recursive: true });
    writeFileSync(swapJournalOf(dataDir), JSON.stringify(journal));
    return { dataDir, target, keptAside: journal.keptAside ?? "", building: journal.building };
  }

  beforeAll(async () => {
    await storeHolding(made.old, "old");
    await storeHolding(made.new, "new");
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("between the two renames: the next start puts the new store in place, the old kept aside", async () => {
    const swap = midSwap("between");
    renameSync(swap.target, swap.keptAside);
    const config = loadConfig({ DATA_DIR: swap.dataDir, NODE_ENV: "test", LOG_LEVEL: "silent" });
    const { database } = await openStore(config, { command: "test" });
    try {
      const [row] = await database.session("snapshot", (query) => query<{ v: string }>("select v from mark"));
      expect(row?.v).toBe("new");
    } finally {
      await database.close();
    }
    expect(existsSync(swapJournalOf(swap.dataDir))).toBe(false);
    expect(await markOf(swap.keptAside)).toBe("old");
  }, 60_000);

  it("before the first rename: the swap is finished forward", async () => {
    const swap = midSwap("before");
    expect(finishStoreSwap(swap.dataDir)).toMatch(/cut short; finished/);
    expect(await markOf(swap.target)).toBe("new");
    expect(await markOf(swap.keptAside)).toBe("old");
    expect(existsSync(swap.building)).toBe(false);
  }, 60_000);

  it("after both renames: only the journal goes", async () => {
    const swap = midSwap("after");
    renameSync(swap.target, swap.keptAside);
    renameSync(swap.building, swap.target);
    expect(finishStoreSwap(swap.dataDir)).toMatch(/it had finished/);
    expect(await markOf(swap.target)).toBe("new");
    expect(await markOf(swap.keptAside)).toBe("old");
    expect(existsSync(swapJournalOf(swap.dataDir))).toBe(false);
    // nothing to finish on the next start
    expect(finishStoreSwap(swap.dataDir)).toBeNull();
  }, 60_000);
});
