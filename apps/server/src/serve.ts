import QRCode from "qrcode";
import { buildApp } from "./app.js";
import { openAndPrepare, openBackplane, serverClock } from "./boot.js";
import type { Config } from "./config.js";
import { repeatEvery } from "./db/jobs.js";
import { scheduleBackups } from "./db/store/backup.js";
import type { DataDirLock } from "./db/store/lock.js";
import { linkOrigin } from "./link-origin.js";
import { ownerLines, tableLinks } from "./links.js";
import { startVirtualPrinters } from "./modules/print/virtual.js";

/** The server: started by main.ts once DATA_DIR's lock is held (or with DATABASE_URL, none is needed). */
export async function serve(config: Config, folderLock: DataDirLock | null): Promise<void> {
  const now = serverClock(config);
  const { database, lock, secret, firstOwners } = await openAndPrepare(config, {
    command: "npm start",
    port: config.PORT,
    lock: folderLock ?? undefined,
    clock: now,
  });
  const backplane = await openBackplane(config);
  // the embedded default shows printing without hardware: a virtual printer per demo station
  const virtualPrinters =
    !config.DATABASE_URL && config.SEED_DEMO === "true" && config.DEMO_PRINTERS === "true"
      ? await startVirtualPrinters(database.db)
      : undefined;
  const { server, signer } = await buildApp({ config, database, secret, backplane, now, virtualPrinters });

  // the embedded store backs itself up: now, and every BACKUP_EVERY hours, from a consistent read;
  // SIGUSR2 asks for one now (`npm run backup` while this server holds the folder)
  const backups =
    database.kind === "pglite"
      ? scheduleBackups(
          database,
          { dataDir: config.DATA_DIR, everyHours: config.BACKUP_EVERY, keep: config.BACKUP_KEEP },
          server.log,
        )
      : null;
  process.on("SIGUSR2", () => void backups?.now());
  // the embedded store has no checkpointer: one every STORE_CHECKPOINT_S keeps its log short
  const checkpoints = database.checkpoint
    ? repeatEvery(config.STORE_CHECKPOINT_S * 1000, database.checkpoint, (error) =>
        server.log.error({ err: error }, "store checkpoint failed"),
      )
    : null;

  // A clean stop: no new connection, the requests and socket operations under way finish, the jobs
  // hand over (their claims released), a backup being written completes, the store checkpoints and
  // closes (its folder's lock given back). A second signal does not wait.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      server.log.warn({ signal }, "second signal: stopping now, without waiting");
      process.exit(1);
    }
    stopping = true;
    server.log.info({ signal }, "stopping: finishing requests under way");
    try {
      await server.close();
      await backups?.stop();
      await checkpoints?.();
      await virtualPrinters?.close();
      await database.close();
      server.log.info("stopped cleanly");
      process.exit(0);
    } catch (error) {
      server.log.error({ err: error }, "stopping failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await server.listen({ port: config.PORT, host: config.HOST });
  const address = server.server.address();
  if (lock && typeof address === "object" && address) lock.setPort(address.port);
  // PUBLIC_URL, else this machine's LAN address, so a phone on the same Wi-Fi can open the links
  const origin = linkOrigin(config);
  const links = await tableLinks(database.db, signer, {
    origin: origin.url,
    routerPrefix: config.ROUTER_PREFIX,
  });
  const lines = links.map((l) => `  ${l.restaurantName} ${l.tableName}: ${l.url}`);
  process.stdout.write(
    `\nTablemate is running on ${origin.server} (${database.kind})\n${origin.note}\n` +
      `\nStaff console: ${origin.server}/console/\n` +
      `\nTable links:\n${lines.join("\n")}\n` +
      // the demo owners' passwords exist in plain only now (first start); later starts print none
      (firstOwners.length ? `\n${ownerLines(firstOwners).join("\n")}\n` : ""),
  );
  const first = links[0];
  if (first) {
    const qr = await QRCode.toString(first.url, { type: "terminal", small: true });
    process.stdout.write(
      `\nScan to order at ${first.restaurantName} ${first.tableName} (${first.url}):\n${qr}\n`,
    );
  }
}
