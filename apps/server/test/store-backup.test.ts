import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeBackup } from "../src/db/store/backup.js";
import { backupWriter } from "../src/db/store/format.js";
import { loadBackup } from "../src/db/store/restore.js";
import { writeSnapshot } from "../src/db/store/snapshot.js";
import { BACKENDS, createTestDatabase, type TestDatabase } from "./support/databases.js";
import { demoTable, startTestApp, type TestApp } from "./support/harness.js";
import { menuOf, placeOrders, plainDish, type Seat, tablesOfTheirOwn } from "./support/ordering.js";
import { everyTable, sequencesBehind } from "./support/store.js";

/** Backups are a consistent read of a store in service, and restore to exactly what was read. */
describe.each(BACKENDS)("a backup taken while serving (%s)", (backend) => {
  let app: TestApp;
  let dishId = 0;
  let seat: () => Seat;
  const folder = mkdtempSync(join(tmpdir(), "tablemate-backup-"));
  const targets: TestDatabase[] = [];

  beforeAll(async () => {
    app = await startTestApp(backend);
    const { restaurantId } = await demoTable(app, (r) => r.wctPayType === 0 && !r.fastHotel);
    dishId = plainDish(await menuOf(app, restaurantId)).id;
    // a table of its own for every order (a diner at a table that ordered would add to that order)
    seat = await tablesOfTheirOwn(app, restaurantId, 1000, "备份");
  });
  afterAll(async () => {
    await Promise.all(targets.map((t) => t.drop()));
    await app?.close();
  });

  async function emptyTarget(): Promise<TestDatabase> {
    const target = await createTestDatabase(backend);
    targets.push(target);
    return target;
  }

  it("restores to every table as the live store was at the snapshot's moment, while orders kept coming", async () => {
    await placeOrders(app, seat, dishId, 2);
    // three diners order without pause while the backup is read
    let writing = true;
    const writers = Array.from({ length: 3 }, async () => {
      let placed = 0;
      while (writing) placed += (await placeOrders(app, seat, dishId, 1)).length;
      return placed;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const file = join(folder, `${backend}-live.backup.gz`);
    const writer = backupWriter(file);
    // the backup's own read, and beside it (same snapshot) every table as the store had it then
    const { live, rows } = await app.database.session("snapshot", async (query) => {
      const { rows } = await writeSnapshot(query, app.database.kind, writer.line);
      return { live: await everyTable(query), rows };
    });
    await writer.end();
    await new Promise((resolve) => setTimeout(resolve, 300));
    writing = false;
    const placedDuring = (await Promise.all(writers)).reduce((a, b) => a + b, 0);
    expect(placedDuring).toBeGreaterThan(0);
    const now = await app.database.session("snapshot", everyTable);
    // orders came in after the snapshot: the store moved on, the backup did not
    expect((now.orders as string[]).length).toBeGreaterThan((live.orders as string[]).length);

    const target = await emptyTarget();
    const loaded = await loadBackup(target.database, file);
    expect(loaded.rows).toBe(rows);
    expect(await target.database.session("snapshot", everyTable)).toEqual(live);
    expect(await target.database.session("snapshot", sequencesBehind)).toEqual([]);
  }, 120_000);

  it("refuses a file cut short, and a database that is not empty, changing nothing", async () => {
    const file = join(folder, `${backend}-whole.backup.gz`);
    await takeBackup(app.database, file);
    const lines = gunzipSync(readFileSync(file)).toString().split("\n");
    const cut = join(folder, `${backend}-cut.backup.gz`);
    writeFileSync(cut, gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join("\n")));
    const target = await emptyTarget();
    await expect(loadBackup(target.database, cut)).rejects.toThrow("cut short");
    // the failed load rolled back whole: the target is still empty, and takes the whole file
    await loadBackup(target.database, file);
    const restored = await target.database.session("snapshot", everyTable);
    // loaded once, it is no longer empty: a second load is refused and leaves it as it was
    await expect(loadBackup(target.database, file)).rejects.toThrow("not empty");
    expect(await target.database.session("snapshot", everyTable)).toEqual(restored);
    const notABackup = join(folder, "not-a-backup.gz");
    writeFileSync(notABackup, gzipSync('{"format":"something else"}\n'));
    await expect(loadBackup(target.database, notABackup)).rejects.toThrow("not a Tablemate backup");
  }, 120_000);
});
