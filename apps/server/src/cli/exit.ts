import { ConfigError } from "../config.js";
import { StoreError } from "../db/store/errors.js";

/** Runs a command's main: a refusal the user can act on is printed as its words alone, anything else as it is; exit code 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const known = error instanceof ConfigError || error instanceof StoreError;
    process.stderr.write(`${known ? (error as Error).message : String(error)}\n`);
    process.exit(1);
  });
}
