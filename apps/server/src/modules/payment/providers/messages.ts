/** What a restaurant owner reads when a payment merchant configuration is refused (one place for both providers). */
export const CONFIG_MESSAGES = {
  notAnObject: "支付配置格式不正确",
  baseUrl: "接口地址必须是 https:// 或 http:// 开头的网址",
  wechat: {
    mchid: "微信支付商户号应为数字",
    appid: "公众号 AppID 格式不正确（应以 wx 开头，共 18 位）",
    serialNo: "商户 API 证书序列号格式不正确（应为十六进制）",
    privateKey: "商户 API 私钥无法读取：需要 PEM 格式、2048 位以上的 RSA 私钥（apiclient_key.pem）",
    apiV3Key: "APIv3 密钥必须是 32 个字符",
    certificateSerial: "微信支付平台证书序列号格式不正确（应为十六进制）",
    certificate: "微信支付平台证书无法读取：需要 PEM 格式的 X.509 证书",
    certificateSerialMismatch: "微信支付平台证书序列号与证书内容不一致",
    publicKeyId: "微信支付公钥 ID 格式不正确（应以 PUB_KEY_ID_ 开头）",
    publicKey: "微信支付公钥无法读取：需要 PEM 格式、2048 位以上的 RSA 公钥（pub_key.pem）",
    noVerifyingKey: "请至少配置一个微信支付平台证书或微信支付公钥，用于验证微信支付的签名",
  },
  alipay: {
    appId: "支付宝应用 APPID 应为数字",
    sellerId: "支付宝商户 PID（卖家支付宝用户号）应为 2088 开头的 16 位数字",
    privateKey: "应用私钥无法读取：需要 2048 位以上的 RSA2 私钥（PEM 或支付宝密钥工具生成的内容）",
    alipayPublicKey: "支付宝公钥无法读取：需要 2048 位以上的 RSA2 公钥（注意不是应用公钥）",
  },
} as const;
