import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from "node:crypto";

/**
 * Reading the keys a merchant pastes into its configuration. Both providers sign with RSA (2048 bits
 * at least). Alipay's key tool hands out bare base64 without the PEM lines, so bare base64 is read as
 * DER too (PKCS#8 or PKCS#1 for a private key, SPKI or PKCS#1 for a public one).
 */
const MIN_RSA_BITS = 2048;

function isStrongRsa(key: KeyObject): boolean {
  return key.asymmetricKeyType === "rsa" && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= MIN_RSA_BITS;
}

function bareDer(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, "");
  return /^[A-Za-z0-9+/]+={0,2}$/.test(compact) ? Buffer.from(compact, "base64") : undefined;
}

function firstThatParses<T>(attempts: (() => T)[]): T | undefined {
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // the next form may fit
    }
  }
  return undefined;
}

/** An RSA private key of 2048 bits or more, or undefined when the text is not one. */
export function readPrivateKey(text: string): KeyObject | undefined {
  const der = text.includes("-----BEGIN") ? undefined : bareDer(text);
  const key = der
    ? firstThatParses([
        () => createPrivateKey({ key: der, format: "der", type: "pkcs8" }),
        () => createPrivateKey({ key: der, format: "der", type: "pkcs1" }),
      ])
    : firstThatParses([() => createPrivateKey(text)]);
  return key && isStrongRsa(key) ? key : undefined;
}

/** An RSA public key of 2048 bits or more, or undefined when the text is not one. */
export function readPublicKey(text: string): KeyObject | undefined {
  const der = text.includes("-----BEGIN") ? undefined : bareDer(text);
  const key = der
    ? firstThatParses([
        () => createPublicKey({ key: der, format: "der", type: "spki" }),
        () => createPublicKey({ key: der, format: "der", type: "pkcs1" }),
      ])
    : text.includes("PRIVATE KEY")
      ? undefined // a private key would parse as its public half: the wrong thing was pasted
      : firstThatParses([() => createPublicKey(text)]);
  return key && isStrongRsa(key) ? key : undefined;
}

/** An X.509 certificate (PEM) with an RSA key of 2048 bits or more, or undefined. */
export function readCertificate(text: string): X509Certificate | undefined {
  const cert = firstThatParses([() => new X509Certificate(text)]);
  return cert && isStrongRsa(cert.publicKey) ? cert : undefined;
}
