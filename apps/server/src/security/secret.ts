import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.js";

/**
 * A secret generated once into the data folder and read back at every start, so what it signed
 * yesterday still verifies today. Only for the embedded default: never a built-in value.
 */
export function keptSecret(dataDir: string, file: string): string {
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}

/** The signing secret: given by SECRET, or generated once and kept in the data folder. */
export function resolveSecret(config: Config): string {
  return config.SECRET ?? keptSecret(config.DATA_DIR, "secret");
}
