import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openAndPrepare } from "../boot.js";
import { ConfigError, loadConfig } from "../config.js";
import { linkOrigin } from "../link-origin.js";
import { ownerLines, qrPngFile, qrSvg, tableLinks } from "../links.js";
import { createSigner } from "../security/signer.js";
import { runMain } from "./exit.js";

const USAGE = `Prints the signed link of every table, and writes their QR codes for printing. Run on a
fresh data folder, it seeds the demo, and the demo owners' console sign-ins go to stderr (once).

  npm run links -- [--restaurant ID] [--out DIR] [--format svg|png]

  --restaurant ID   only this restaurant's tables
  --out DIR         write one QR code per table into DIR (default: print links only)
  --format          svg (default) or png`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      restaurant: { type: "string" },
      out: { type: "string" },
      format: { type: "string", default: "svg" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (values.format !== "svg" && values.format !== "png")
    throw new ConfigError("--format must be svg or png");
  const restaurantId = values.restaurant === undefined ? undefined : Number(values.restaurant);
  if (restaurantId !== undefined && !Number.isInteger(restaurantId))
    throw new ConfigError("--restaurant must be an id");

  const config = loadConfig();
  const { database, secret, firstOwners } = await openAndPrepare(config, { command: "npm run links" });
  try {
    const signer = createSigner(secret);
    const links = await tableLinks(
      database.db,
      signer,
      { origin: linkOrigin(config).url, routerPrefix: config.ROUTER_PREFIX },
      restaurantId,
    );
    // this run seeded the demo: its owners' passwords exist in plain only now
    if (firstOwners.length) process.stderr.write(`${ownerLines(firstOwners).join("\n")}\n`);
    if (values.out) mkdirSync(values.out, { recursive: true });
    for (const link of links) {
      process.stdout.write(`${link.restaurantId}\t${link.restaurantName}\t${link.tableName}\t${link.url}\n`);
      if (!values.out) continue;
      const file = join(values.out, `restaurant-${link.restaurantId}-table-${link.tableId}.${values.format}`);
      if (values.format === "png") await qrPngFile(file, link.url);
      else writeFileSync(file, await qrSvg(link.url));
    }
  } finally {
    await database.close();
  }
}

runMain(main);
