import { randomUUID } from "node:crypto";
import { yilianyunSign } from "../links/yilianyun.js";
import { type CloudFake, type CloudOrder, markupToText, startCloudFake } from "./cloud-server.js";

/**
 * A 易联云 (Yilianyun) open API on 127.0.0.1: /oauth/oauth (client credentials) gives an access
 * token; every call's sign must be md5(client_id + timestamp + client_secret) and carry a token of
 * that application; print/index makes a print per call (易联云 keeps one per origin_id only when
 * asked to with `idempotence` 1, which the link does not send); printer/getorderpaginglist lists the
 * machine's prints newest first with their origin_id and status (1 printed; 0 waiting, or
 * cancelled); printer/getprintstatus answers 0 offline, 1 online, 2 out of paper; printer/cancelall
 * drops the machine's unprinted prints. Once a print is on paper it pushes 打印完成 to `callbackUrl`
 * (origin_id, signed md5(client_id + push_time + client_secret)).
 */
export interface YilianyunFake extends CloudFake {
  /** client_id → client_secret */
  applications: Map<string, string>;
  printCalls: number;
}

const ok = (body: unknown) => ({ error: "0", error_description: "success", body });
const refuse = (error: string, description: string) => ({ error, error_description: description, body: "" });

export async function startYilianyunFake(now: () => Date = () => new Date()): Promise<YilianyunFake> {
  const applications = new Map<string, string>();
  const tokens = new Map<string, string>();
  let sequence = 0;
  let self: YilianyunFake | undefined;
  // 打印完成 push, signed with the application's secret as its calls are
  const callback = (order: CloudOrder) => {
    const pushTime = String(Math.floor(now().getTime() / 1000));
    const clientId = order.account ?? "";
    return {
      machine_code: order.printer,
      order_id: order.id,
      origin_id: order.origin ?? "",
      state: "1",
      print_time: pushTime,
      push_time: pushTime,
      sign: yilianyunSign(clientId, pushTime, applications.get(clientId) ?? ""),
    };
  };
  const fake = await startCloudFake(
    (cloud) => (path, fields) => {
      const clientId = fields.get("client_id") ?? "";
      const secret = applications.get(clientId);
      const timestamp = fields.get("timestamp") ?? "";
      if (!secret || fields.get("sign") !== yilianyunSign(clientId, timestamp, secret))
        return { answer: refuse("4", "sign验证失败") };
      if (Math.abs(Number(timestamp) - now().getTime() / 1000) > 600)
        return { answer: refuse("5", "timestamp过期") };
      if (path === "/oauth/oauth") {
        const token = randomUUID().replaceAll("-", "");
        tokens.set(token, clientId);
        return {
          answer: ok({
            access_token: token,
            refresh_token: "",
            machine_code: "",
            expires_in: 2_592_000,
            scope: "all",
          }),
        };
      }
      if (tokens.get(fields.get("access_token") ?? "") !== clientId)
        return { answer: refuse("18", "access_token过期或错误") };
      const machine = fields.get("machine_code") ?? "";
      if (!cloud.printers.has(machine)) return { answer: refuse("11", "终端未授权") };
      switch (path) {
        case "/print/index": {
          const origin = fields.get("origin_id") ?? "";
          const id = String(++sequence + 1_000_000);
          const text = markupToText(fields.get("content") ?? "", /\n/g);
          cloud.accept({ printer: machine, id, text, origin, account: clientId });
          if (self) self.printCalls++;
          return { answer: ok({ id, origin_id: origin }), accepted: true };
        }
        case "/printer/getorderpaginglist": {
          const list = [...cloud.orders.values()]
            .filter((o) => o.printer === machine)
            .map((o) => ({
              id: o.id,
              origin_id: o.origin ?? "",
              status: o.printed ? 1 : 0,
            }))
            .reverse();
          const size = Number(fields.get("page_size") ?? 10);
          const from = (Number(fields.get("page_index") ?? 1) - 1) * size;
          return { answer: ok(list.slice(from, from + size)) };
        }
        case "/printer/getprintstatus": {
          const state = cloud.reportedState(machine);
          return { answer: ok({ state: state === "online" ? "1" : state === "paperOut" ? "2" : "0" }) };
        }
        case "/printer/cancelall": {
          cloud.clearQueue(machine);
          return { answer: ok(""), cleared: true };
        }
        default:
          return { answer: refuse("404", "接口不存在") };
      }
    },
    callback,
  );
  self = Object.assign(fake, { applications, printCalls: 0 });
  return self;
}
