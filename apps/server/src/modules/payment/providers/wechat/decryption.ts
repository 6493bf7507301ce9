import { createDecipheriv } from "node:crypto";

/**
 * AEAD_AES_256_GCM, how WeChat Pay encrypts a notification's resource: the APIv3 key (32 bytes) as
 * key, the resource's nonce (12 characters) as IV, its associated_data as AAD; the base64 ciphertext
 * ends with the 16-byte tag. A wrong key, a changed byte or changed associated data all fail the tag.
 */
const TAG_BYTES = 16;

export interface EncryptedResource {
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

/** The plaintext, or undefined when the resource does not decrypt (tampered, or another key). */
export function decryptResource(apiV3Key: Buffer, resource: EncryptedResource): string | undefined {
  const data = Buffer.from(resource.ciphertext, "base64");
  if (data.length <= TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", apiV3Key, Buffer.from(resource.nonce, "utf8"), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(resource.associated_data ?? "", "utf8"));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return undefined;
  }
}
