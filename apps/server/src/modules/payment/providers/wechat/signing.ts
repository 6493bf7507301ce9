import { type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * WeChat Pay API v3 signatures made by the merchant: SHA256withRSA with the merchant API private key
 * over lines that each end in '\n'.
 */

/** The Authorization scheme of API v3. */
export const WECHAT_AUTH_SCHEMA = "WECHATPAY2-SHA256-RSA2048";

/** 32 random characters (the nonce_str of a request, the nonceStr of JSAPI's parameters). */
export function nonceString(): string {
  return randomBytes(16).toString("hex");
}

/** Signs the lines 'line1\nline2\n…\n' (base64 signature). */
export function signLines(privateKey: KeyObject, lines: readonly string[]): string {
  const message = Buffer.from(lines.map((line) => `${line}\n`).join(""), "utf8");
  return sign("sha256", message, privateKey).toString("base64");
}

export interface SignedRequest {
  method: string;
  /** the URL's path with its query, as sent (e.g. /v3/pay/transactions/out-trade-no/T1?mchid=1900000001) */
  pathWithQuery: string;
  /** the request body exactly as sent ('' for a GET) */
  body: string;
}

/**
 * The request's Authorization header: the signature over
 * 'METHOD\nURL\ntimestamp\nnonce\nbody\n', with the merchant id and its certificate's serial.
 */
export function authorizationHeader(
  merchant: { mchid: string; serialNo: string; privateKey: KeyObject },
  request: SignedRequest,
  timestamp = Math.floor(Date.now() / 1000),
  nonce = nonceString(),
): string {
  const signature = signLines(merchant.privateKey, [
    request.method,
    request.pathWithQuery,
    String(timestamp),
    nonce,
    request.body,
  ]);
  return (
    `${WECHAT_AUTH_SCHEMA} mchid="${merchant.mchid}",nonce_str="${nonce}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serialNo}"`
  );
}

/**
 * The parameters WeixinJSBridge's getBrandWCPayRequest takes for a JSAPI prepay id; paySign is over
 * 'appId\ntimeStamp\nnonceStr\npackage\n'.
 */
export function jsapiPayParams(
  appId: string,
  prepayId: string,
  privateKey: KeyObject,
  timestamp = Math.floor(Date.now() / 1000),
  nonce = nonceString(),
): Record<string, string> {
  const timeStamp = String(timestamp);
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr: nonce,
    package: pkg,
    signType: "RSA",
    paySign: signLines(privateKey, [appId, timeStamp, nonce, pkg]),
  };
}
