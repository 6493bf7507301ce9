import { PaymentProviderError, PROVIDER_TIMEOUT_MS } from "../errors.js";
import type { WechatKeys } from "./config.js";
import { authorizationHeader } from "./signing.js";
import { SignatureRefused, signedMessage, verifyWechatSignature } from "./verification.js";

/**
 * Calls to WeChat Pay API v3: each request signed (Authorization), each answer's signature verified
 * before its body is believed. A 2xx answer without a valid signature is forged or altered (WeChat's
 * rule); an error answer is an error whatever its signature.
 */
export interface WechatClient {
  /** the parsed JSON of a 2xx answer (undefined for 204 No Content) */
  call(method: "GET" | "POST", pathWithQuery: string, body?: unknown): Promise<unknown>;
}

export function wechatClient(options: {
  baseUrl: string;
  mchid: string;
  serialNo: string;
  keys: WechatKeys;
  /** sent as Wechatpay-Serial so WeChat signs its answers with the public key once the merchant switched */
  publicKeyId?: string;
}): WechatClient {
  const { baseUrl, mchid, serialNo, keys, publicKeyId } = options;
  const origin = baseUrl.replace(/\/+$/, "");
  const fail = (code: string, message: string, status?: number) =>
    new PaymentProviderError("wechat", code, message, status);

  return {
    async call(method, pathWithQuery, body) {
      const bodyText = body === undefined ? "" : JSON.stringify(body);
      const headers: Record<string, string> = {
        Accept: "application/json",
        "User-Agent": "tablemate-server",
        Authorization: authorizationHeader(
          { mchid, serialNo, privateKey: keys.privateKey },
          { method, pathWithQuery, body: bodyText },
        ),
      };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      if (publicKeyId) headers["Wechatpay-Serial"] = publicKeyId;

      let response: Response;
      let answer: Buffer;
      try {
        response = await fetch(`${origin}${pathWithQuery}`, {
          method,
          headers,
          body: body === undefined ? undefined : bodyText,
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
        answer = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        throw fail("NETWORK", error instanceof Error ? error.message : String(error));
      }

      if (!response.ok) {
        const { code, message } = errorBody(answer);
        throw fail(
          code ?? `HTTP_${response.status}`,
          message ?? "WeChat Pay refused the call",
          response.status,
        );
      }
      const lowerHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        lowerHeaders[name.toLowerCase()] = value;
      });
      try {
        verifyWechatSignature(keys.verifying, signedMessage(lowerHeaders, answer));
      } catch (error) {
        if (error instanceof SignatureRefused)
          throw fail("ANSWER_NOT_VERIFIED", error.message, response.status);
        throw error;
      }
      if (answer.length === 0) return undefined;
      try {
        return JSON.parse(answer.toString("utf8"));
      } catch {
        throw fail("ANSWER_MALFORMED", "the answer is not JSON", response.status);
      }
    },
  };
}

function errorBody(answer: Buffer): { code?: string; message?: string } {
  try {
    const parsed = JSON.parse(answer.toString("utf8")) as { code?: unknown; message?: unknown };
    return {
      code: typeof parsed.code === "string" ? parsed.code : undefined,
      message: typeof parsed.message === "string" ? parsed.message : undefined,
    };
  } catch {
    return {};
  }
}
