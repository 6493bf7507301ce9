import { runMain } from "./cli/exit.js";
import { loadConfig } from "./config.js";
import { acquireDataDirLock } from "./db/store/lock.js";

/**
 * `npm start`: the data folder's lock is taken before anything heavy loads, so a second start on the
 * same folder is refused at once; then the server (serve.ts).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const lock = config.DATABASE_URL
    ? null
    : acquireDataDirLock(config.DATA_DIR, { command: "npm start", port: config.PORT });
  const { serve } = await import("./serve.js");
  await serve(config, lock);
}

runMain(main);
