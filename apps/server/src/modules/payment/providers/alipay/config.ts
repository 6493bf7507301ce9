import type { KeyObject } from "node:crypto";
import { z } from "zod";
import { type ConfigCheck, checkConfig } from "../config-check.js";
import { readPrivateKey, readPublicKey } from "../keys.js";
import { CONFIG_MESSAGES } from "../messages.js";

const M = CONFIG_MESSAGES.alipay;

/** Alipay's production gateway; tests point gatewayUrl at a local fake. */
export const ALIPAY_GATEWAY_URL = "https://openapi.alipay.com/gateway.do";

/**
 * A restaurant's Alipay app (public-key mode, RSA2): the app's private key signs our requests,
 * Alipay's public key (not the app's own public key) verifies Alipay's answers and notifications.
 * sellerId is the merchant's PID (2088…), checked against every notification.
 */
export const alipayConfigSchema = z.object(
  {
    appId: z
      .string({ error: M.appId })
      .trim()
      .regex(/^\d{8,32}$/, M.appId),
    sellerId: z
      .string({ error: M.sellerId })
      .trim()
      .regex(/^2088\d{12}$/, M.sellerId),
    privateKeyPem: z
      .string({ error: M.privateKey })
      .refine((t) => readPrivateKey(t) !== undefined, M.privateKey),
    alipayPublicKeyPem: z
      .string({ error: M.alipayPublicKey })
      .refine((t) => readPublicKey(t) !== undefined, M.alipayPublicKey),
    gatewayUrl: z.url({ protocol: /^https?$/, error: CONFIG_MESSAGES.baseUrl }).optional(),
  },
  { error: CONFIG_MESSAGES.notAnObject },
);

export type AlipayConfig = z.infer<typeof alipayConfigSchema>;

/** Checks a stored or submitted configuration (both keys parse, the ids have their shapes). */
export function validateAlipayConfig(input: unknown): ConfigCheck<AlipayConfig> {
  return checkConfig(alipayConfigSchema, input);
}

export interface AlipayKeys {
  privateKey: KeyObject;
  alipayPublicKey: KeyObject;
}

export function readAlipayKeys(config: AlipayConfig): AlipayKeys {
  const privateKey = readPrivateKey(config.privateKeyPem);
  if (!privateKey) throw new Error(M.privateKey);
  const alipayPublicKey = readPublicKey(config.alipayPublicKeyPem);
  if (!alipayPublicKey) throw new Error(M.alipayPublicKey);
  return { privateKey, alipayPublicKey };
}
