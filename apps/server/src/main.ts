import QRCode from "qrcode";
import { buildApp } from "./app.js";
import { openAndPrepare, openBackplane, serverClock } from "./boot.js";
import { ConfigError, loadConfig } from "./config.js";
import { linkOrigin } from "./link-origin.js";
import { ownerLines, tableLinks } from "./links.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const now = serverClock(config);
  const { database, secret, firstOwners } = await openAndPrepare(config, now);
  const backplane = await openBackplane(config);
  const { server, signer } = await buildApp({ config, database, secret, backplane, now });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, "stopping");
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await server.listen({ port: config.PORT, host: config.HOST });
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

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
