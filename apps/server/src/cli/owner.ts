import { parseArgs } from "node:util";
import { AppError, loginSchema, passwordSchema, staffNameSchema } from "@tablemate/core";
import { inArray } from "drizzle-orm";
import { openAndPrepare } from "../boot.js";
import { ConfigError, loadConfig } from "../config.js";
import { restaurants } from "../db/schema.js";
import { ownerLines } from "../links.js";
import { assertPinFree } from "../modules/staff/accounts.js";
import { createOwner } from "../modules/staff/owners.js";
import { randomPassword, randomPin } from "../modules/staff/secrets.js";
import { runMain } from "./exit.js";

const USAGE = `Creates an owner account for a real installation: it owns the given restaurants, and signs in
to the staff console (/console) with the login and the password printed here.

  npm run owner -- --login LOGIN --name NAME --restaurant ID [--restaurant ID ...]

  --login        a phone number or a username (letters first), unique whatever its case
  --name         the name the console and the audit log show
  --restaurant   a restaurant the account owns (repeat for several)

The password is generated and printed once, or taken from OWNER_PASSWORD (at least 8 characters).
A PIN (the quick staff switch and approvals) is generated and printed too; change both in the console.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      login: { type: "string" },
      name: { type: "string" },
      restaurant: { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const login = loginSchema.safeParse(values.login ?? "");
  if (!login.success) throw new ConfigError(`--login: ${login.error.issues[0]?.message}\n\n${USAGE}`);
  const name = staffNameSchema.safeParse(values.name ?? "");
  if (!name.success) throw new ConfigError(`--name: 1 to 20 characters\n\n${USAGE}`);
  const ids = (values.restaurant ?? []).map(Number);
  if (!ids.length || ids.some((id) => !Number.isInteger(id) || id <= 0))
    throw new ConfigError(`--restaurant: one or more restaurant ids\n\n${USAGE}`);
  const given = process.env.OWNER_PASSWORD;
  if (given !== undefined && !passwordSchema.safeParse(given).success)
    throw new ConfigError("OWNER_PASSWORD: at least 8 characters");
  const password = given ?? randomPassword();

  const config = loadConfig();
  const { database, firstOwners } = await openAndPrepare(config, { command: "npm run owner" });
  try {
    // this run seeded the demo: its owners' passwords exist in plain only now
    if (firstOwners.length) process.stderr.write(`${ownerLines(firstOwners).join("\n")}\n`);
    const found = await database.db.select().from(restaurants).where(inArray(restaurants.id, ids));
    const missing = ids.filter((id) => !found.some((r) => r.id === id));
    if (missing.length) throw new ConfigError(`no restaurant with id ${missing.join(", ")}`);
    const { pin, accountId } = await database.db.transaction(async (tx) => {
      let pin = randomPin();
      // a PIN picks the staff member at a restaurant: another owner's there is drawn again
      for (let tries = 0; ; tries++)
        try {
          await assertPinFree(tx, ids, pin);
          break;
        } catch (error) {
          if (tries > 20) throw error;
          pin = randomPin();
        }
      const owner = { login: login.data, name: name.data, password, pin };
      const accountId = await createOwner(tx, owner, ids, config.PASSWORD_COST, new Date());
      return { pin, accountId };
    });
    const names = found.map((r) => `${r.id} ${r.name}`).join(", ");
    process.stdout.write(
      `Owner ${name.data} (account ${accountId}) owns ${names}.\n` +
        `  login:    ${login.data}\n` +
        (given === undefined ? `  password: ${password}\n` : "  password: (from OWNER_PASSWORD)\n") +
        `  PIN:      ${pin}\n` +
        "Sign in at /console; the password and PIN are shown only now.\n",
    );
  } catch (error) {
    if (error instanceof AppError && error.key === "loginTaken")
      throw new ConfigError(`the login ${login.data} is taken (whatever its case)`);
    throw error;
  } finally {
    await database.close();
  }
}

runMain(main);
