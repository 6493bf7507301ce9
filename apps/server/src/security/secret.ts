import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.js";

/**
 * The signing secret: given by SECRET, or (embedded default only) generated once and kept in the
 * data folder so links printed yesterday still open today. Never a built-in default.
 */
export function resolveSecret(config: Config): string {
  if (config.SECRET) return config.SECRET;
  const file = join(config.DATA_DIR, "secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
