import { createHash, randomUUID } from "node:crypto";
import { type PrinterLook, type PrinterState, renderYilianyun } from "@tablemate/core";
import { z } from "zod";
import { type FormAnswer, postForm } from "./http.js";
import {
  type AskOutcome,
  type ClearOutcome,
  originIdOf,
  type PrinterLink,
  type PrintJobToSend,
  type SendOutcome,
} from "./link.js";

/** 易联云's signature of every call: md5(client_id + timestamp + client_secret), lowercase hex. */
export const yilianyunSign = (clientId: string, timestamp: string, clientSecret: string): string =>
  createHash("md5")
    .update(clientId + timestamp + clientSecret)
    .digest("hex");

const answerSchema = z.object({
  error: z.coerce.string(),
  error_description: z.string().optional(),
  body: z.unknown(),
});
const tokenSchema = z.object({ access_token: z.string(), expires_in: z.coerce.number().optional() });
const orderSchema = z.object({ id: z.coerce.string() });
const pageSchema = z.array(
  z.object({ id: z.coerce.string(), origin_id: z.string(), status: z.coerce.number() }),
);

/**
 * 易联云 lists a printer's prints newest first, 100 a page at most: a print whose send answer was
 * lost is looked for this many pages back (a busy kitchen printer's last 1,000) before the lookup
 * gives up as unanswerable; it is never taken as not received while older pages may hold it.
 */
const PAGE_SIZE = 100;
const LOOKUP_PAGES = 10;

/** 易联云's printer state: 0 offline, 1 online, 2 out of paper. */
export const yilianyunState = (state: string): PrinterState =>
  state === "1" ? "online" : state === "2" ? "paperOut" : state === "0" ? "offline" : "unknown";

interface Account {
  url: string;
  clientId: string;
  clientSecret: string;
  machineCode: string;
}

/** Access tokens per application (client credentials): asked once, kept until they expire. */
const tokens = new Map<string, { token: string; until: number }>();

/**
 * A 易联云 (Yilianyun) cloud printer, as an own application (自有应用): OAuth2 client credentials
 * for the access token; print/index with the job's id as origin_id, the key 易联云 knows the print
 * by; printer/getorderpaginglist to find a print by that origin_id when a send's answer was lost
 * (found: printed or waiting; not found: it never arrived and is sent again), so a job is never
 * sent twice without asking; printer/getprintstatus for the printer's state before a send;
 * printer/cancelall (取消所有未打印订单) to drop what 易联云 holds unprinted for the printer. The
 * origin_id is sent without `idempotence`: a job whose print 易联云 dropped is sent again under the
 * same origin_id, so the list may hold it twice (the dropped one with status 0): printed when any is.
 */
export function yilianyunLink(account: Account, timeoutMs: number, now: () => Date): PrinterLink {
  const signed = (fields: Record<string, string>) => {
    const timestamp = String(Math.floor(now().getTime() / 1000));
    return {
      client_id: account.clientId,
      timestamp,
      sign: yilianyunSign(account.clientId, timestamp, account.clientSecret),
      id: randomUUID(),
      ...fields,
    };
  };
  const key = `${account.url} ${account.clientId}`;
  async function token(): Promise<string | null> {
    const kept = tokens.get(key);
    if (kept && kept.until > now().getTime()) return kept.token;
    const answer = await postForm(
      `${account.url}/oauth/oauth`,
      signed({ grant_type: "client_credentials", scope: "all" }),
      timeoutMs,
    );
    const parsed = answer.status === "answered" ? answerSchema.safeParse(answer.body) : null;
    const body =
      parsed?.success && parsed.data.error === "0" ? tokenSchema.safeParse(parsed.data.body) : null;
    if (!body?.success) return null;
    const seconds = body.data.expires_in ?? 2_592_000;
    tokens.set(key, { token: body.data.access_token, until: now().getTime() + seconds * 1000 - 60_000 });
    return body.data.access_token;
  }
  async function call(path: string, fields: Record<string, string>): Promise<FormAnswer | null> {
    const accessToken = await token();
    if (!accessToken) return null;
    return postForm(
      `${account.url}${path}`,
      signed({ access_token: accessToken, machine_code: account.machineCode, ...fields }),
      timeoutMs,
    );
  }
  const bodyOf = (answer: FormAnswer | null) => {
    if (answer?.status !== "answered") return null;
    const parsed = answerSchema.safeParse(answer.body);
    return parsed.success ? parsed.data : null;
  };
  return {
    async state(): Promise<PrinterLook> {
      const body = bodyOf(await call("/printer/getprintstatus", {}));
      const state = z.object({ state: z.coerce.string() }).safeParse(body?.body);
      return body?.error === "0" && state.success
        ? { state: yilianyunState(state.data.state), said: true }
        : { state: "offline", said: false };
    },
    async send(job: PrintJobToSend): Promise<SendOutcome> {
      const answer = await call("/print/index", {
        content: renderYilianyun(job.page, job.paper),
        origin_id: originIdOf(job.id),
      });
      if (!answer) return { kind: "notSent", state: "unknown", said: false, error: "易联云授权失败" };
      if (answer.status === "notReached")
        return { kind: "notSent", state: "offline", said: false, error: `易联云无法连接：${answer.error}` };
      if (answer.status === "lost") return { kind: "unknown", error: `易联云应答丢失：${answer.error}` };
      const body = bodyOf(answer);
      if (!body) return { kind: "unknown", error: "易联云应答格式有误" };
      const order = orderSchema.safeParse(body.body);
      if (body.error !== "0" || !order.success)
        return { kind: "refused", error: `易联云拒绝：${body.error_description ?? body.error}` };
      return { kind: "accepted", remoteId: order.data.id };
    },
    async ask(job: PrintJobToSend): Promise<AskOutcome> {
      // newest first, a page at a time: the job's latest print, and any earlier one 易联云 dropped
      const found: z.infer<typeof pageSchema> = [];
      for (let page = 1; found.length === 0; page++) {
        if (page > LOOKUP_PAGES) return { kind: "unanswerable", error: "易联云查询：该单早于最近的打印记录" };
        const body = bodyOf(
          await call("/printer/getorderpaginglist", {
            page_index: String(page),
            page_size: String(PAGE_SIZE),
          }),
        );
        const list = pageSchema.safeParse(body?.body);
        if (body?.error !== "0" || !list.success) return { kind: "unanswerable", error: "易联云查询失败" };
        found.push(...list.data.filter((o) => o.origin_id === originIdOf(job.id)));
        // a page not full is the last: the print was never received
        if (found.length === 0 && list.data.length < PAGE_SIZE) return { kind: "notFound" };
      }
      const [latest] = found;
      if (!latest) return { kind: "notFound" };
      return found.some((o) => o.status === 1)
        ? { kind: "printed" }
        : { kind: "waiting", remoteId: latest.id };
    },
    async clearQueue(): Promise<ClearOutcome> {
      const answer = await call("/printer/cancelall", {});
      if (!answer) return { kind: "refused", error: "易联云授权失败" };
      if (answer.status === "notReached")
        return { kind: "refused", error: `易联云无法连接：${answer.error}` };
      const body = bodyOf(answer);
      if (!body) return { kind: "unknown", error: "易联云取消订单应答丢失" };
      return body.error === "0"
        ? { kind: "cleared" }
        : { kind: "refused", error: `易联云拒绝取消订单：${body.error_description ?? body.error}` };
    },
  };
}
