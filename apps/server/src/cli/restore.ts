import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { loadBackup, restoreIntoDataDir } from "../db/store/restore.js";
import { runMain } from "./exit.js";

const USAGE = `Restores a backup made by npm run backup (or the server's own, in DATA_DIR/backups).

  npm run restore -- FILE

Embedded store: only while no server runs on DATA_DIR (refused while its lock is held). The backup is
loaded into a new folder first; the current DATA_DIR/pglite is then renamed aside
(pglite.before-restore-<time>), never deleted.
With DATABASE_URL: into that database, which must be empty (create a new one, then point DATABASE_URL at it).`;

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: "boolean", short: "h" } },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const [file, ...extra] = positionals;
  if (!file || extra.length) throw new ConfigError(`one backup file, please\n\n${USAGE}`);
  const config = loadConfig();
  if (config.DATABASE_URL) {
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: "" });
    try {
      const { header, rows } = await loadBackup(database, resolve(file));
      return void process.stdout.write(`Restored ${rows} rows taken ${header.takenAt} into the database.\n`);
    } finally {
      await database.close();
    }
  }
  const { header, rows, keptAside } = await restoreIntoDataDir(config.DATA_DIR, resolve(file));
  process.stdout.write(
    `Restored ${rows} rows taken ${header.takenAt} into ${resolve(config.DATA_DIR)}/pglite.\n` +
      (keptAside ? `The folder it replaced is kept as ${keptAside}.\n` : ""),
  );
}

runMain(main);
