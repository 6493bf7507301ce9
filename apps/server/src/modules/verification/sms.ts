import type { SmsDelivery } from "@tablemate/core";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import { aliyunSmsSender } from "./aliyun-sms.js";

/**
 * Delivers a verification code to a phone (the port: login codes and takeout codes alike). `delivery`
 * says how, and every code's answer says it too, so the diner app never claims an SMS it did not send.
 */
export interface SmsSender {
  readonly delivery: SmsDelivery;
  /** rejects with SmsSendError when the gateway did not take the message */
  send(phone: string, code: string): Promise<void>;
}

/** A message the gateway did not take: its own code (`isv.BUSINESS_LIMIT_CONTROL`) or ours (`network`, `answer`). */
export class SmsSendError extends Error {
  constructor(
    readonly provider: string,
    readonly code: string,
    message: string,
  ) {
    super(`${provider}: ${code}: ${message}`);
    this.name = "SmsSendError";
  }
}

/** The default while no gateway is configured: the code is written to the server's log (at warn). */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    delivery: "log",
    send: async (phone, code) => {
      log.warn({ phone, code }, "verification code (no SMS gateway: logged instead of sent)");
    },
  };
}

/** The configured sender: Aliyun SMS with SMS_PROVIDER=aliyun (config.ts checked its settings at boot), else the log. */
export function configuredSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  if (config.SMS_PROVIDER !== "aliyun") return logSmsSender(log);
  const {
    SMS_ALIYUN_ACCESS_KEY_ID,
    SMS_ALIYUN_ACCESS_KEY_SECRET,
    SMS_ALIYUN_SIGN_NAME,
    SMS_ALIYUN_TEMPLATE_CODE,
  } = config;
  if (
    !SMS_ALIYUN_ACCESS_KEY_ID ||
    !SMS_ALIYUN_ACCESS_KEY_SECRET ||
    !SMS_ALIYUN_SIGN_NAME ||
    !SMS_ALIYUN_TEMPLATE_CODE
  )
    throw new Error("SMS_PROVIDER=aliyun without its settings (config.ts refuses this at boot)");
  return aliyunSmsSender({
    accessKeyId: SMS_ALIYUN_ACCESS_KEY_ID,
    accessKeySecret: SMS_ALIYUN_ACCESS_KEY_SECRET,
    signName: SMS_ALIYUN_SIGN_NAME,
    templateCode: SMS_ALIYUN_TEMPLATE_CODE,
    endpoint: config.SMS_ALIYUN_ENDPOINT,
    log,
  });
}
