import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets kept in the database sealed with SECRET (issue 27: a cloud printer's UKEY or client
 * secret): AES-256-GCM under a key derived from SECRET for this purpose (HKDF-SHA256), a fresh
 * nonce each time. `v1.<nonce>.<tag>.<ciphertext>`, base64url. A row read without SECRET, or
 * tampered with, does not open.
 */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSealer(secret: string, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync("sha256", secret, "tablemate", purpose, 32));
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", nonce, cipher.getAuthTag(), body]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split(".");
      if (version !== "v1" || !nonce || !tag || body === undefined) throw new Error("not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}
