import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Passwords and PINs, hashed with scrypt (node:crypto). Each hash carries its own salt and
 * parameters (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so a later cost applies to new hashes and
 * the old ones still verify.
 */
const KEY_BYTES = 32;
const R = 8;
const P = 1;

/**
 * A PIN's cost is low on purpose: it is 4 to 6 digits (no hash makes that strong offline), and a
 * PIN switch checks it against each member of the restaurant in turn. What protects a PIN is the
 * online limit per device and address.
 */
export const PIN_COST = 12;

function derive(secret: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) =>
    scrypt(secret.normalize("NFKC"), salt, KEY_BYTES, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashSecret(secret: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, logN, R, P);
  return `scrypt$${logN}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !logN || !r || !p || salt === undefined || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(secret, Buffer.from(salt, "base64url"), Number(logN), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to verify against when the login is unknown, so its answer takes as long as a wrong password's. */
const decoys = new Map<number, Promise<string>>();
export function decoyHash(logN: number): Promise<string> {
  let decoy = decoys.get(logN);
  if (!decoy) {
    decoy = hashSecret(randomBytes(16).toString("hex"), logN);
    decoys.set(logN, decoy);
  }
  return decoy;
}

/** Session tokens and API keys are random; only their SHA-256 is stored (they are not guessable, so no salt). */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A generated password: 12 characters, no look-alikes (0/O, 1/l/I), easy to read off a terminal. */
const READABLE = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export function randomPassword(length = 12): string {
  let out = "";
  for (let i = 0; i < length; i++) out += READABLE[randomInt(READABLE.length)];
  return out;
}

export function randomPin(): string {
  return String(randomInt(1_000_000)).padStart(6, "0");
}
