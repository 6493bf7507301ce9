/**
 * Aliyun SMS (dysmsapi, API version 2017-05-25), the SendSms call in Aliyun's RPC style, as its
 * published signature rules say: every parameter but Signature sorted by name, names and values
 * percent-encoded per RFC 3986 (UTF-8; space %20, `*` %2A, `~` kept), joined `k=v&…` into the
 * canonicalized query; the string to sign is `POST&%2F&` + that query percent-encoded once more;
 * Signature = Base64(HMAC-SHA1(AccessKeySecret + "&", string to sign)). The parameters go in a
 * form-encoded body (POST), so neither phone nor code is in a URL anybody logs.
 */
import { createHmac, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { SmsSendError, type SmsSender } from "./sms.js";

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** the approved signature (短信签名) the message is sent under */
  signName: string;
  /** the approved template (SMS_…), whose variable `code` takes the code */
  templateCode: string;
  /** https://dysmsapi.aliyuncs.com, or a fake's */
  endpoint: string;
  log: FastifyBaseLogger;
  now?: () => Date;
  timeoutMs?: number;
}

/** RFC 3986 percent-encoding, as Aliyun's signature wants it (encodeURIComponent leaves !'()* alone). */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The string Aliyun signs for an RPC call: METHOD&%2F&percentEncode(canonicalized query). */
export function aliyunStringToSign(method: "GET" | "POST", params: Record<string, string>): string {
  const canonical = Object.keys(params)
    .filter((key) => key !== "Signature")
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? "")}`)
    .join("&");
  return `${method}&${percentEncode("/")}&${percentEncode(canonical)}`;
}

/** Signature = Base64(HMAC-SHA1(secret + "&", string to sign)). */
export function aliyunSignature(accessKeySecret: string, stringToSign: string): string {
  return createHmac("sha1", `${accessKeySecret}&`).update(stringToSign, "utf8").digest("base64");
}

/** SendSms's answer: Code "OK" when the message was taken, else the refusal's code and message. */
const answerSchema = z.object({ Code: z.string(), Message: z.string().optional() });

/** 'yyyy-MM-ddTHH:mm:ssZ' in UTC, as the Timestamp parameter is written. */
const utcTimestamp = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

export function aliyunSmsSender(options: AliyunSmsOptions): SmsSender {
  const now = options.now ?? (() => new Date());
  const url = `${options.endpoint.replace(/\/+$/, "")}/`;
  const fail = (code: string, message: string) => {
    options.log.warn({ provider: "aliyun", code }, `SMS not sent: ${message}`);
    return new SmsSendError("aliyun", code, message);
  };

  return {
    delivery: "sms",
    async send(phone, code) {
      const params: Record<string, string> = {
        AccessKeyId: options.accessKeyId,
        Action: "SendSms",
        Format: "JSON",
        RegionId: "cn-hangzhou",
        SignatureMethod: "HMAC-SHA1",
        SignatureNonce: randomUUID(),
        SignatureVersion: "1.0",
        Timestamp: utcTimestamp(now()),
        Version: "2017-05-25",
        PhoneNumbers: phone,
        SignName: options.signName,
        TemplateCode: options.templateCode,
        TemplateParam: JSON.stringify({ code }),
      };
      params.Signature = aliyunSignature(options.accessKeySecret, aliyunStringToSign("POST", params));
      const body = Object.entries(params)
        .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
        .join("&");
      let text: string;
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        text = await response.text();
      } catch (error) {
        throw fail("network", error instanceof Error ? error.message : String(error));
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw fail("answer", "the answer is not JSON");
      }
      const answer = answerSchema.safeParse(json);
      if (!answer.success) throw fail("answer", "no Code in the answer");
      // a message taken answers Code "OK" (with a BizId); anything else is a refusal, whatever the status
      if (answer.data.Code === "OK") return;
      throw fail(answer.data.Code, answer.data.Message ?? "");
    },
  };
}
