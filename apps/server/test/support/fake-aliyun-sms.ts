import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type LocalHttp, listenLocally } from "./local-http.js";

/**
 * A local fake of Aliyun SMS's SendSms (dysmsapi 2017-05-25, RPC style), checking each request as the
 * published rules say, with its own encoder (not the adapter's): the parameters but Signature sorted,
 * RFC 3986 percent-encoded as UTF-8 bytes, `POST&%2F&` + the encoded query, HMAC-SHA1 with the secret
 * and `&`. It knows one key pair, made here; it refuses a wrong signature (400 SignatureDoesNotMatch),
 * an unknown key, a stale Timestamp, a reused nonce; `refuse` makes it answer a business refusal.
 */
export interface FakeAliyunSms extends LocalHttp {
  accessKeyId: string;
  accessKeySecret: string;
  /** the messages taken: phone, sign name, template and its parameters */
  sent: Array<{
    phone: string;
    signName: string;
    templateCode: string;
    templateParam: Record<string, string>;
  }>;
  /** a business refusal (Code, Message) to answer instead of OK, while set */
  refuse: { code: string; message: string } | null;
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/** RFC 3986 by hand: every UTF-8 byte outside the unreserved set as %XY (uppercase). */
function rfc3986(text: string): string {
  let out = "";
  for (const char of text) {
    if (UNRESERVED.test(char)) {
      out += char;
      continue;
    }
    for (const byte of Buffer.from(char, "utf8"))
      out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

export async function fakeAliyunSms(): Promise<FakeAliyunSms> {
  const accessKeyId = `LTAI${randomBytes(8).toString("hex")}`;
  const accessKeySecret = randomBytes(24).toString("base64url");
  const nonces = new Set<string>();
  const fake = { sent: [] as FakeAliyunSms["sent"], refuse: null as FakeAliyunSms["refuse"] };

  const server = await listenLocally((request, body, response) => {
    const answer = (status: number, json: object) => {
      response.writeHead(status, { "content-type": "application/json;charset=utf-8" });
      response.end(JSON.stringify(json));
    };
    const refuse = (status: number, code: string, message: string) =>
      answer(status, { RequestId: randomBytes(8).toString("hex"), Code: code, Message: message });
    if (request.method !== "POST" || request.url !== "/")
      return refuse(404, "InvalidAction.NotFound", "no such path");
    const params = Object.fromEntries(new URLSearchParams(body.toString("utf8")));
    const expected: Record<string, string> = {
      Action: "SendSms",
      Version: "2017-05-25",
      Format: "JSON",
      SignatureMethod: "HMAC-SHA1",
      SignatureVersion: "1.0",
    };
    for (const [key, value] of Object.entries(expected))
      if (params[key] !== value) return refuse(400, "MissingParameter", `${key} must be ${value}`);
    if (params.AccessKeyId !== accessKeyId) return refuse(404, "InvalidAccessKeyId.NotFound", "unknown key");
    const stamp = Date.parse(params.Timestamp ?? "");
    if (
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(params.Timestamp ?? "") ||
      Math.abs(Date.now() - stamp) > 15 * 60_000
    )
      return refuse(400, "InvalidTimeStamp.Expired", "stale Timestamp");
    const nonce = params.SignatureNonce ?? "";
    if (!nonce || nonces.has(nonce)) return refuse(400, "SignatureNonceUsed", "nonce used");
    const canonical = Object.keys(params)
      .filter((key) => key !== "Signature")
      .sort()
      .map((key) => `${rfc3986(key)}=${rfc3986(params[key] ?? "")}`)
      .join("&");
    const stringToSign = `POST&${rfc3986("/")}&${rfc3986(canonical)}`;
    const signature = createHmac("sha1", `${accessKeySecret}&`).update(stringToSign, "utf8").digest();
    const given = Buffer.from(params.Signature ?? "", "base64");
    if (given.length !== signature.length || !timingSafeEqual(given, signature))
      return refuse(400, "SignatureDoesNotMatch", "Specified signature is not matched with our calculation.");
    nonces.add(nonce);
    if (fake.refuse) return refuse(200, fake.refuse.code, fake.refuse.message);
    fake.sent.push({
      phone: params.PhoneNumbers ?? "",
      signName: params.SignName ?? "",
      templateCode: params.TemplateCode ?? "",
      templateParam: JSON.parse(params.TemplateParam ?? "{}"),
    });
    answer(200, {
      Message: "OK",
      RequestId: randomBytes(8).toString("hex"),
      BizId: `${Date.now()}^0`,
      Code: "OK",
    });
  });
  return Object.assign(fake, server, { accessKeyId, accessKeySecret });
}
