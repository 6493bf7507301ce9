import type { KeyObject } from "node:crypto";
import { z } from "zod";
import { type ConfigCheck, checkConfig } from "../config-check.js";
import { readCertificate, readPrivateKey, readPublicKey } from "../keys.js";
import { CONFIG_MESSAGES } from "../messages.js";

const M = CONFIG_MESSAGES.wechat;

/** WeChat Pay's production API; tests point baseUrl at a local fake. */
export const WECHAT_BASE_URL = "https://api.mch.weixin.qq.com";

const hexSerial = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[0-9A-Fa-f]{8,64}$/, message);

/**
 * A restaurant's WeChat Pay merchant (direct merchant, API v3). Verifying keys: the platform
 * certificates (by serial) and/or the WeChat Pay public key (by its PUB_KEY_ID_… id); during the
 * switch from certificates to the public key WeChat signs with either, so both may be configured.
 */
export const wechatConfigSchema = z
  .object(
    {
      mchid: z
        .string({ error: M.mchid })
        .trim()
        .regex(/^\d{6,32}$/, M.mchid),
      appid: z
        .string({ error: M.appid })
        .trim()
        .regex(/^wx[0-9A-Za-z]{16}$/, M.appid),
      /** the merchant API certificate's serial (the Authorization header's serial_no) */
      serialNo: hexSerial(M.serialNo),
      privateKeyPem: z
        .string({ error: M.privateKey })
        .refine((t) => readPrivateKey(t) !== undefined, M.privateKey),
      /** the APIv3 key that encrypts notifications and the certificate download (32 bytes) */
      apiV3Key: z
        .string({ error: M.apiV3Key })
        .refine((k) => Buffer.byteLength(k, "utf8") === 32, M.apiV3Key),
      platformCertificates: z
        .array(
          z
            .object({ serial: hexSerial(M.certificateSerial), pem: z.string({ error: M.certificate }) })
            .superRefine(({ serial, pem }, ctx) => {
              const cert = readCertificate(pem);
              if (!cert) ctx.addIssue({ code: "custom", message: M.certificate, path: ["pem"] });
              else if (cert.serialNumber.toUpperCase() !== serial.toUpperCase())
                ctx.addIssue({ code: "custom", message: M.certificateSerialMismatch, path: ["serial"] });
            }),
          { error: M.certificate },
        )
        .optional(),
      publicKey: z
        .object(
          {
            id: z
              .string({ error: M.publicKeyId })
              .trim()
              .regex(/^PUB_KEY_ID_[0-9A-Za-z_]+$/, M.publicKeyId),
            pem: z.string({ error: M.publicKey }).refine((t) => readPublicKey(t) !== undefined, M.publicKey),
          },
          { error: M.publicKey },
        )
        .optional(),
      baseUrl: z.url({ protocol: /^https?$/, error: CONFIG_MESSAGES.baseUrl }).optional(),
    },
    { error: CONFIG_MESSAGES.notAnObject },
  )
  .refine((c) => (c.platformCertificates?.length ?? 0) > 0 || c.publicKey !== undefined, {
    message: M.noVerifyingKey,
    // said even when a field is wrong too, so the owner sees every problem at once
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });

export type WechatConfig = z.infer<typeof wechatConfigSchema>;

/** Checks a stored or submitted configuration (keys parse, APIv3 key length, a verifying key). */
export function validateWechatConfig(input: unknown): ConfigCheck<WechatConfig> {
  return checkConfig(wechatConfigSchema, input);
}

/** A key WeChat Pay signs with, found by the Wechatpay-Serial header. */
export interface VerifyingKey {
  key: KeyObject;
  /** a platform certificate's validity; the public key has none */
  validFrom?: Date;
  validTo?: Date;
}

/** The configuration's keys, read once when the provider is made. */
export interface WechatKeys {
  privateKey: KeyObject;
  verifying: ReadonlyMap<string, VerifyingKey>;
  apiV3Key: Buffer;
}

export function readWechatKeys(config: WechatConfig): WechatKeys {
  const privateKey = readPrivateKey(config.privateKeyPem);
  if (!privateKey) throw new Error(M.privateKey);
  const verifying = new Map<string, VerifyingKey>();
  for (const { serial, pem } of config.platformCertificates ?? []) {
    const cert = readCertificate(pem);
    if (!cert) throw new Error(M.certificate);
    verifying.set(serial.toUpperCase(), {
      key: cert.publicKey,
      validFrom: new Date(cert.validFrom),
      validTo: new Date(cert.validTo),
    });
  }
  if (config.publicKey) {
    const key = readPublicKey(config.publicKey.pem);
    if (!key) throw new Error(M.publicKey);
    verifying.set(config.publicKey.id, { key });
  }
  if (verifying.size === 0) throw new Error(M.noVerifyingKey);
  return { privateKey, verifying, apiV3Key: Buffer.from(config.apiV3Key, "utf8") };
}
