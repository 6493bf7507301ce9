/** WeChat Pay API v3 (JSAPI and H5) behind the payment port. */
export { validateWechatConfig, WECHAT_BASE_URL, type WechatConfig, wechatConfigSchema } from "./config.js";
export { createWechatProvider } from "./provider.js";
