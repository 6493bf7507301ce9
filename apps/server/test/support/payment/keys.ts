import { generateKeyPairSync, type KeyObject } from "node:crypto";

/** An RSA-2048 key pair made for the test (merchant, provider, or a stranger's). */
export const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
export const privatePem = (k: KeyObject) => k.export({ type: "pkcs8", format: "pem" }) as string;
export const publicPem = (k: KeyObject) => k.export({ type: "spki", format: "pem" }) as string;
