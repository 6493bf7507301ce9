import { beijingText } from "../beijing-time.js";
import { PaymentProviderError, PROVIDER_TIMEOUT_MS } from "../errors.js";
import type { AlipayKeys } from "./config.js";
import { rawMember } from "./response.js";
import { rsa2Sign, rsa2Verify, signContent } from "./signing.js";

/**
 * Calls to Alipay's open API gateway: the common parameters plus biz_content, signed RSA2; the answer's
 * response node verified with Alipay's public key over its exact text before it is believed.
 */

/** The answer node of a call that Alipay took ('10000') or refused as business ('40004' + sub_code). */
export interface AlipayAnswer {
  code: string;
  subCode?: string;
  msg?: string;
  node: Record<string, unknown>;
}

export interface AlipayClient {
  /** The signed parameters of a call, for a form the browser posts (alipay.trade.wap.pay). */
  signedParams(method: string, biz: object, extra?: Record<string, string>): Record<string, string>;
  /** The gateway URL a form posts to (with charset=utf-8). */
  formAction(): string;
  /** A call the server makes; answers the verified response node. */
  call(method: string, biz: object): Promise<AlipayAnswer>;
}

export function alipayClient(options: { gatewayUrl: string; appId: string; keys: AlipayKeys }): AlipayClient {
  const { gatewayUrl, appId, keys } = options;
  const action = `${gatewayUrl}${gatewayUrl.includes("?") ? "&" : "?"}charset=utf-8`;
  const fail = (code: string, message: string, status?: number) =>
    new PaymentProviderError("alipay", code, message, status);

  const signedParams = (method: string, biz: object, extra: Record<string, string> = {}) => {
    const params: Record<string, string> = {
      app_id: appId,
      method,
      format: "JSON",
      charset: "utf-8",
      sign_type: "RSA2",
      timestamp: beijingText(new Date()),
      version: "1.0",
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    params.sign = rsa2Sign(keys.privateKey, signContent(params, ["sign"]));
    return params;
  };

  return {
    signedParams,
    formAction: () => action,

    async call(method, biz) {
      let text: string;
      let status: number;
      try {
        const response = await fetch(action, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded;charset=utf-8" },
          body: new URLSearchParams(signedParams(method, biz)).toString(),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        throw fail("NETWORK", error instanceof Error ? error.message : String(error));
      }
      if (status < 200 || status >= 300)
        throw fail(`HTTP_${status}`, "Alipay's gateway refused the call", status);

      const nodeName = `${method.replaceAll(".", "_")}_response`;
      const nodeText = rawMember(text, nodeName);
      if (nodeText === undefined) {
        // a gateway error (bad app id, bad signature…) comes as error_response, often unsigned
        const error = parseObject(rawMember(text, "error_response"));
        throw fail(
          String(error?.sub_code ?? error?.code ?? "NO_RESPONSE"),
          String(error?.msg ?? "no response node"),
        );
      }
      const signText = rawMember(text, "sign");
      const signature = signText === undefined ? undefined : parseString(signText);
      if (!signature || !rsa2Verify(keys.alipayPublicKey, nodeText, signature))
        throw fail("ANSWER_NOT_VERIFIED", `${nodeName} signature missing or wrong`, status);
      const node = parseObject(nodeText);
      if (!node || typeof node.code !== "string")
        throw fail("ANSWER_MALFORMED", `${nodeName} malformed`, status);
      return {
        code: node.code,
        subCode: typeof node.sub_code === "string" ? node.sub_code : undefined,
        msg: typeof node.msg === "string" ? node.msg : undefined,
        node,
      };
    },
  };
}

/** A business refusal the caller does not handle itself. */
export function answerFailed(answer: AlipayAnswer): PaymentProviderError {
  return new PaymentProviderError(
    "alipay",
    answer.subCode ?? answer.code,
    answer.msg ?? "Alipay refused the call",
  );
}

function parseObject(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function parseString(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}
