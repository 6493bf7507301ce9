import { createHash } from "node:crypto";
import { type PrinterLook, type PrinterState, renderFeieyun } from "@tablemate/core";
import { z } from "zod";
import { postForm } from "./http.js";
import type { AskOutcome, ClearOutcome, PrinterLink, PrintJobToSend, SendOutcome } from "./link.js";

/** 飞鹅's signature of every call: sha1(user + UKEY + stime), hex, stime in seconds. */
export const feieyunSig = (user: string, ukey: string, stime: string): string =>
  createHash("sha1")
    .update(user + ukey + stime)
    .digest("hex");

const answerSchema = z.object({ ret: z.number(), msg: z.string().optional(), data: z.unknown() });

/** 飞鹅's printer status text: 离线 offline; 在线，工作状态正常 online; 在线，工作状态不正常 (mostly out of paper). */
export function feieyunState(text: string): PrinterState {
  if (text.includes("离线")) return "offline";
  if (text.includes("不正常")) return "paperOut";
  if (text.includes("正常")) return "online";
  return "unknown";
}

/**
 * A 飞鹅 (Feieyun) cloud printer: Open_printMsg sends the page (its markup) and answers the order id,
 * kept on the job; Open_queryOrderState says whether that order printed; Open_queryPrinterStatus the
 * printer's state, asked before each send so an offline printer's job waits or goes to the backup
 * instead of queueing at 飞鹅; Open_delPrinterSqs (清空待打印队列) drops what 飞鹅 holds for the
 * printer unprinted, answering data true.
 *
 * 飞鹅 takes no key of ours and finds an order only by its id: a send whose answer was lost has no
 * id to ask about (untraceable). Nothing else in its API names that order: Open_queryOrderInfoByDate
 * only counts a day's printed and waiting orders of the printer, from any sender, so it cannot tell
 * which ones are ours; and 飞鹅 neither refuses a repeated content nor lists contents. The queue
 * settles such a job by clearing the printer's queue (it will then not print later) and sending it
 * again marked 重印 (sender.ts).
 *
 * 飞鹅 calls back (订单状态回调, see callbacks.ts) only for an order whose Open_printMsg carried
 * `backurl`, an address first whitelisted in its admin (飞鹅's document, help.feieyun.com/document.php,
 * as the houseme/feie Go SDK quotes it: "需要服务商在开发者后台配置回调地址白名单，并在提交打印订单时
 * 提交回调地址"; its field `backurl`): `backUrl` is sent with every print when set.
 */
export function feieyunLink(
  account: { url: string; user: string; ukey: string; sn: string; backUrl?: string },
  timeoutMs: number,
  now: () => Date,
): PrinterLink {
  const call = (apiname: string, fields: Record<string, string>) => {
    const stime = String(Math.floor(now().getTime() / 1000));
    // 飞鹅's one endpoint ends in a slash (/Api/Open/)
    return postForm(
      `${account.url}/`,
      { user: account.user, stime, sig: feieyunSig(account.user, account.ukey, stime), apiname, ...fields },
      timeoutMs,
    );
  };
  return {
    async state(): Promise<PrinterLook> {
      const answer = await call("Open_queryPrinterStatus", { sn: account.sn });
      if (answer.status !== "answered") return { state: "offline", said: false };
      const parsed = answerSchema.safeParse(answer.body);
      // 飞鹅's own word (离线 after it lost the printer for two minutes, 不正常 mostly no paper)
      return parsed.success && parsed.data.ret === 0 && typeof parsed.data.data === "string"
        ? { state: feieyunState(parsed.data.data), said: true }
        : { state: "unknown", said: false };
    },
    async send(job: PrintJobToSend): Promise<SendOutcome> {
      const answer = await call("Open_printMsg", {
        sn: account.sn,
        content: renderFeieyun(job.page, job.paper),
        times: "1",
        ...(account.backUrl ? { backurl: account.backUrl } : {}),
      });
      if (answer.status === "notReached")
        return { kind: "notSent", state: "offline", said: false, error: `飞鹅云无法连接：${answer.error}` };
      if (answer.status === "lost") return { kind: "unknown", error: `飞鹅云应答丢失：${answer.error}` };
      const parsed = answerSchema.safeParse(answer.body);
      if (!parsed.success) return { kind: "unknown", error: "飞鹅云应答格式有误" };
      if (parsed.data.ret !== 0 || typeof parsed.data.data !== "string")
        return { kind: "refused", error: `飞鹅云拒绝：${parsed.data.msg ?? parsed.data.ret}` };
      return { kind: "accepted", remoteId: parsed.data.data };
    },
    async ask(job: PrintJobToSend): Promise<AskOutcome> {
      if (!job.remoteId) return { kind: "untraceable", error: "飞鹅云未返回订单号，无法查询" };
      const answer = await call("Open_queryOrderState", { orderid: job.remoteId });
      if (answer.status !== "answered") return { kind: "unanswerable", error: "飞鹅云查询无应答" };
      const parsed = answerSchema.safeParse(answer.body);
      if (!parsed.success || parsed.data.ret !== 0) return { kind: "unanswerable", error: "飞鹅云查询失败" };
      return parsed.data.data === true ? { kind: "printed" } : { kind: "waiting", remoteId: job.remoteId };
    },
    async clearQueue(): Promise<ClearOutcome> {
      const answer = await call("Open_delPrinterSqs", { sn: account.sn });
      if (answer.status === "notReached")
        return { kind: "refused", error: `飞鹅云无法连接：${answer.error}` };
      if (answer.status === "lost")
        return { kind: "unknown", error: `飞鹅云清空队列应答丢失：${answer.error}` };
      const parsed = answerSchema.safeParse(answer.body);
      if (parsed.success && parsed.data.ret !== 0)
        return { kind: "refused", error: `飞鹅云拒绝清空队列：${parsed.data.msg ?? parsed.data.ret}` };
      // ret 0 with data true is its word that the queue is clear; anything else says nothing sure
      return parsed.success && parsed.data.data === true
        ? { kind: "cleared" }
        : { kind: "unknown", error: "飞鹅云清空队列应答有误" };
    },
  };
}
