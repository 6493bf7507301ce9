import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import { aliyunSmsSender } from "./aliyun-sms.js";
import { logSmsSender, type SmsSender } from "./sms.js";

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
