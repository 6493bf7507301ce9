import { createSign, generateKeyPairSync } from "node:crypto";
import { feieyunCallbackText } from "../callbacks.js";
import { feieyunSig } from "../links/feieyun.js";
import { type CloudFake, type CloudOrder, markupToText, startCloudFake } from "./cloud-server.js";

/**
 * A 飞鹅 (Feieyun) open API on 127.0.0.1 (POST /Api/Open/, form fields): every call's sig must be
 * sha1(user + UKEY + stime) of a known account and stime within five minutes; Open_printMsg answers
 * an order id like 飞鹅's, Open_queryOrderState whether it printed (false for one dropped unprinted),
 * Open_queryPrinterStatus the printer's state in 飞鹅's words (its `reported` one when set),
 * Open_delPrinterSqs drops the printer's unprinted orders and answers data true. Once a print is on
 * paper it posts its order state as 飞鹅 does
 * (订单状态回调: form fields orderId, status 1, stime, sign = base64 SHA256withRSA with its own key,
 * `publicKey`, over feieyunCallbackText) to the `backurl` its Open_printMsg carried, and only then:
 * 飞鹅 calls back for no order sent without one. Faults: see CloudFaults.
 */
export interface FeieyunFake extends CloudFake {
  /** user → UKEY */
  accounts: Map<string, string>;
  /** Open_printMsg calls answered or lost (each made an order) */
  printCalls: number;
  /** the key its callbacks are verified with (the server's FEIEYUN_CALLBACK_PUBLIC_KEY) */
  publicKey: string;
  /**
   * where a backurl's host answers, as DNS would tell 飞鹅 (tests and the bench learn the server's
   * port only once it listens): the callback goes to the backurl's path and query there; null: as given
   */
  serverOrigin: string | null;
  /** the sign 飞鹅 puts on a callback of these fields (tests forge nothing with it: it is 飞鹅's key) */
  signCallback(fields: Record<string, string>): string;
}

const STATUS_TEXT = { online: "在线，工作状态正常。", offline: "离线。" } as const;

export async function startFeieyunFake(now: () => Date = () => new Date()): Promise<FeieyunFake> {
  const accounts = new Map<string, string>();
  let sequence = 0;
  let self: FeieyunFake | undefined;
  // its order-state callback, signed with 飞鹅's own key (SHA256withRSA)
  const keys = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const signCallback = (fields: Record<string, string>) =>
    createSign("RSA-SHA256").update(feieyunCallbackText(fields)).sign(keys.privateKey, "base64");
  const callback = (order: CloudOrder) => {
    const fields = { orderId: order.id, status: "1", stime: String(Math.floor(now().getTime() / 1000)) };
    return { ...fields, sign: signCallback(fields) };
  };
  const fake = await startCloudFake(
    (cloud) => (path, fields) => {
      if (path !== "/Api/Open/") return { answer: { ret: 404, msg: "not found", data: null } };
      const user = fields.get("user") ?? "";
      const stime = fields.get("stime") ?? "";
      const ukey = accounts.get(user);
      if (!ukey || fields.get("sig") !== feieyunSig(user, ukey, stime))
        return { answer: { ret: -2, msg: "参数错误 : 签名验证失败.", data: null } };
      if (Math.abs(Number(stime) - now().getTime() / 1000) > 300)
        return { answer: { ret: -2, msg: "参数错误 : 时间戳过期.", data: null } };
      const sn = fields.get("sn") ?? "";
      switch (fields.get("apiname")) {
        case "Open_printMsg": {
          if (!cloud.printers.has(sn)) return { answer: { ret: 1002, msg: "打印机编号错误", data: null } };
          const id = `${sn}_${now().toISOString().replace(/\D/g, "").slice(0, 14)}_${++sequence}`;
          const backUrl = fields.get("backurl") || undefined;
          cloud.accept({
            printer: sn,
            id,
            backUrl,
            text: markupToText(fields.get("content") ?? "", /<BR>/g),
          });
          if (self) self.printCalls++;
          return { answer: { ret: 0, msg: "ok", data: id, serverExecutedTime: 3 }, accepted: true };
        }
        case "Open_queryOrderState": {
          const order = cloud.orders.get(fields.get("orderid") ?? "");
          if (!order) return { answer: { ret: 1003, msg: "订单不存在", data: null } };
          return { answer: { ret: 0, msg: "ok", data: order.printed } };
        }
        case "Open_queryPrinterStatus": {
          const state = cloud.reportedState(sn);
          if (!state) return { answer: { ret: 1002, msg: "打印机编号错误", data: null } };
          const text =
            state === "online"
              ? STATUS_TEXT.online
              : state === "offline"
                ? STATUS_TEXT.offline
                : "在线，工作状态不正常。";
          return { answer: { ret: 0, msg: "ok", data: text } };
        }
        case "Open_delPrinterSqs": {
          if (!cloud.printers.has(sn)) return { answer: { ret: 1002, msg: "打印机编号错误", data: null } };
          cloud.clearQueue(sn);
          return { answer: { ret: 0, msg: "ok", data: true, serverExecutedTime: 4 }, cleared: true };
        }
        default:
          return { answer: { ret: -1, msg: "apiname 错误", data: null } };
      }
    },
    callback,
    (order) => {
      if (!order.backUrl) return null;
      const at = new URL(order.backUrl);
      return self?.serverOrigin ? `${self.serverOrigin}${at.pathname}${at.search}` : order.backUrl;
    },
  );
  self = Object.assign(fake, {
    accounts,
    printCalls: 0,
    publicKey: keys.publicKey,
    serverOrigin: null,
    signCallback,
  });
  return self;
}
