import { createVerify, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { printers, printJobs } from "../../db/schema.js";
import type { Sealer } from "../../security/sealed.js";
import { yilianyunSign } from "./links/yilianyun.js";

/**
 * A cloud printer service's word that a print finished (issue 27): 易联云 pushes 打印完成 to the
 * callback address set in its developer console, 飞鹅 its order state to the one set in its admin.
 * A verified callback moves the job it names from sent or unknown to printed (compare-and-set), so
 * the job needs no more asking; it never sends anything, and a callback repeated (services retry,
 * and do send the same one twice) finds the job printed and changes nothing. A callback that fails
 * its signature, or names no job of that printer, changes nothing either; both answer as the service
 * expects, so it stops retrying what cannot be applied.
 */
export interface CallbackDeps {
  db: Db;
  sealer: Sealer;
  now: () => Date;
  /** 飞鹅's public key (PEM) for its callbacks' SHA256withRSA signature; none: refused */
  feieyunPublicKey?: string;
}

export type CallbackOutcome = "printed" | "already" | "unknownJob" | "badSignature";

async function markPrinted(db: Db, where: ReturnType<typeof and>, now: Date): Promise<CallbackOutcome> {
  const moved = await db
    .update(printJobs)
    .set({ state: "printed", doneAt: now, error: "" })
    .where(and(where, inArray(printJobs.state, ["sent", "unknown"])))
    .returning({ id: printJobs.id });
  if (moved.length) return "printed";
  const [known] = await db.select({ state: printJobs.state }).from(printJobs).where(where);
  return known ? "already" : "unknownJob";
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * 易联云's 打印完成 push: machine_code, order_id, origin_id (the job's key, tm<job id>), state (1
 * printed), push_time, sign = md5(client_id + push_time + client_secret) of the application the
 * printer is bound to. The printer is found by its machine code, the job by origin_id at that printer.
 */
export async function yilianyunCallback(
  deps: CallbackDeps,
  fields: URLSearchParams,
): Promise<CallbackOutcome> {
  const machine = fields.get("machine_code") ?? "";
  const pushTime = fields.get("push_time") ?? "";
  const sign = fields.get("sign") ?? "";
  const jobId = /^tm(\d{1,9})$/.exec(fields.get("origin_id") ?? "")?.[1];
  const bound = await deps.db
    .select({ id: printers.id, settings: printers.settings, sealedSecret: printers.sealedSecret })
    .from(printers)
    .where(and(eq(printers.kind, "yilianyun"), sql`${printers.settings}->>'machineCode' = ${machine}`));
  const printer = bound.find(
    (p) =>
      p.sealedSecret !== null &&
      sameText(sign, yilianyunSign(p.settings.clientId ?? "", pushTime, deps.sealer.open(p.sealedSecret))),
  );
  if (!printer || !machine) return "badSignature";
  if (fields.get("state") !== "1" || jobId === undefined) return "unknownJob";
  const where = and(eq(printJobs.id, Number(jobId)), eq(printJobs.printerId, printer.id));
  return markPrinted(deps.db, where, deps.now());
}

/**
 * What 飞鹅 signs in its callback (its 订单状态回调 document, "数字签名验证说明" 2.1.1, as quoted by the
 * houseme/feie Go SDK's AsyncPrinterResult and applied by sxqibo/cloudprinter's printCallBackSign:
 * array_filter, ksort, then openssl_verify SHA256): every posted field but `sign`, those with an empty
 * value dropped, sorted by name (ASCII), as name=value joined by & — its example:
 * orderId=816501678_20160919184316_1419533539&status=1&stime=1625194910.
 */
export const feieyunCallbackText = (fields: Record<string, string>): string =>
  Object.keys(fields)
    .filter((k) => k !== "sign" && fields[k] !== "")
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("&");

/**
 * 飞鹅's order-state callback, posted (application/x-www-form-urlencoded) to the order's backurl:
 * orderId (what Open_printMsg answered, kept on the job), status (1 printed), stime (the change's unix
 * time, 10 digits), sign = base64 SHA256withRSA of the other fields (feieyunCallbackText) under 飞鹅's
 * published public key. The job is the 飞鹅 printer's job with that order id. 飞鹅 expects the plain
 * text SUCCESS back within 5 s, else it pushes again (routes.ts answers it).
 */
export async function feieyunCallback(deps: CallbackDeps, fields: URLSearchParams): Promise<CallbackOutcome> {
  const sign = fields.get("sign") ?? "";
  const signed = Object.fromEntries([...fields.entries()].filter(([k]) => k !== "sign"));
  if (!deps.feieyunPublicKey) return "badSignature";
  let valid = false;
  try {
    valid = createVerify("RSA-SHA256")
      .update(feieyunCallbackText(signed))
      .verify(deps.feieyunPublicKey, sign, "base64");
  } catch {
    valid = false;
  }
  if (!valid) return "badSignature";
  const orderId = fields.get("orderId") ?? "";
  if (fields.get("status") !== "1" || !orderId) return "unknownJob";
  const feieyunPrinters = deps.db
    .select({ id: printers.id })
    .from(printers)
    .where(eq(printers.kind, "feieyun"));
  const where = and(eq(printJobs.remoteId, orderId), inArray(printJobs.printerId, feieyunPrinters));
  return markPrinted(deps.db, where, deps.now());
}
