/** Alipay's mobile web payment (RSA2, public-key mode) behind the payment port. */
export { ALIPAY_GATEWAY_URL, type AlipayConfig, alipayConfigSchema, validateAlipayConfig } from "./config.js";
export { createAlipayProvider } from "./provider.js";
