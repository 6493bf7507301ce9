import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { type Database, openDatabase } from "../src/db/client.js";

/**
 * PGlite runs no checkpointer (issue 26: how far the log grows on a server that runs for days): the
 * server checkpoints the embedded store itself every STORE_CHECKPOINT_S (serve.ts), so the log a
 * crash's restart replays starts at most that long ago.
 */
describe("the embedded store's checkpoint", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(() => database.close());

  it("moves the point a restart replays from past the latest write", async () => {
    await database.session("write", async (query) => {
      await query("create table written (v text)");
      await query("insert into written select repeat('x', 200) from generate_series(1, 2000)");
    });
    const [written] = await database.session("snapshot", (query) =>
      query<{ lsn: string; replayed: boolean }>(
        "select pg_current_wal_insert_lsn()::text as lsn, redo_lsn < pg_current_wal_insert_lsn() as replayed from pg_control_checkpoint()",
      ),
    );
    // before: a restart would replay the rows just written
    expect(written?.replayed).toBe(true);
    await database.checkpoint?.();
    const [after] = await database.session("snapshot", (query) =>
      query<{ past: boolean }>("select redo_lsn >= $1::pg_lsn as past from pg_control_checkpoint()", [
        written?.lsn,
      ]),
    );
    expect(after?.past).toBe(true);
  });

  it("runs every 5 minutes by default, as PostgreSQL's checkpointer does; 0 leaves only the one at stop", () => {
    expect(loadConfig({}).STORE_CHECKPOINT_S).toBe(300);
    expect(loadConfig({ STORE_CHECKPOINT_S: "0" }).STORE_CHECKPOINT_S).toBe(0);
    expect(() => loadConfig({ STORE_CHECKPOINT_S: "-1" })).toThrow();
  });
});
