import { z } from "zod";
import { idSchema } from "./common.js";

/** The printing console calls (issue 27): printers as data, the print queue, retry and reprint. */

export const PRINTER_KINDS = ["lan", "feieyun", "yilianyun", "browser"] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];

/** What the printer last said: online, offline (or unreachable), out of paper, its cover open. */
export const PRINTER_STATES = ["unknown", "online", "offline", "paperOut", "coverOpen"] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

export const PRINT_JOB_KINDS = ["ticket", "reprint", "bill", "pickup", "test"] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];

export const PRINT_JOB_STATES = ["queued", "sent", "printed", "failed", "unknown"] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];

/** The settings of each kind that are no secret (stored as they are, shown again). */
export interface PrinterSettings {
  host?: string;
  port?: number;
  user?: string;
  sn?: string;
  clientId?: string;
  machineCode?: string;
}

const text = (max: number) => z.string().trim().min(1).max(max);
/** an IPv4 address or a host name (the printer's on the shop's LAN) */
const host = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9.-]{1,253}$/, "打印机地址应为 IP 或主机名");

const common = {
  name: text(20),
  paper: z.union([z.literal(58), z.literal(80)]).default(80),
  backupPrinterId: idSchema.nullable().default(null),
  counter: z.boolean().default(false),
};

/**
 * Creates or replaces a printer. A secret (飞鹅 UKEY, 易联云 client secret) is required when the
 * printer is created; left out on a change, the sealed one is kept (it is never shown again).
 */
export const printerBodySchema = z.discriminatedUnion("kind", [
  z.object({
    ...common,
    kind: z.literal("lan"),
    host,
    port: z.number().int().min(1).max(65535).default(9100),
  }),
  z.object({
    ...common,
    kind: z.literal("feieyun"),
    user: text(100),
    sn: z
      .string()
      .trim()
      .regex(/^\w{4,40}$/, "打印机编号格式有误"),
    ukey: text(100).optional(),
  }),
  z.object({
    ...common,
    kind: z.literal("yilianyun"),
    clientId: z
      .string()
      .trim()
      .regex(/^\w{1,40}$/, "应用ID格式有误"),
    clientSecret: text(100).optional(),
    machineCode: z
      .string()
      .trim()
      .regex(/^\w{1,40}$/, "终端号格式有误"),
  }),
  z.object({ ...common, kind: z.literal("browser") }),
]);
export type PrinterBody = z.input<typeof printerBodySchema>;
export type PrinterInput = z.output<typeof printerBodySchema>;

/** A printer as the console sees it: its settings, never its secret (only whether one is kept). */
export const printerSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(PRINTER_KINDS),
  paper: z.union([z.literal(58), z.literal(80)]),
  settings: z.object({
    host: z.string().optional(),
    port: z.number().optional(),
    user: z.string().optional(),
    sn: z.string().optional(),
    clientId: z.string().optional(),
    machineCode: z.string().optional(),
  }),
  hasSecret: z.boolean(),
  backupPrinterId: z.number().nullable(),
  counter: z.boolean(),
  state: z.enum(PRINTER_STATES),
  stateAt: z.string().nullable(),
  /** the stations whose tickets print here */
  stationIds: z.array(z.number()),
});
export type Printer = z.infer<typeof printerSchema>;
export const printerListSchema = z.array(printerSchema);

export const printerParamSchema = z.object({ rid: idSchema, pid: idSchema });
export const printJobParamSchema = z.object({ rid: idSchema, jid: idSchema });

/** Routes a station's tickets to a printer (or to none: the display only). */
export const stationPrinterBodySchema = z.object({ printerId: idSchema.nullable() });
/** PUT a station's printer: the station and the printer it now prints on (none: the station's screen only). */
export const stationPrinterSchema = z.object({ stationId: z.number(), printerId: z.number().nullable() });
/** DELETE a printer: the one removed. */
export const printerDeletedSchema = z.object({ id: z.number() });
/** GET a virtual printer's paper: what it printed, newest last, with when (ms since the epoch). */
export const printerPaperSchema = z.array(z.object({ text: z.string(), at: z.number() }));

export const printJobSchema = z.object({
  id: z.number(),
  printerId: z.number(),
  firstPrinterId: z.number(),
  kind: z.enum(PRINT_JOB_KINDS),
  title: z.string(),
  ticketId: z.number().nullable(),
  orderId: z.number().nullable(),
  state: z.enum(PRINT_JOB_STATES),
  attempts: z.number(),
  error: z.string(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  /** moved to the backup printer (printed 转打印) */
  transferred: z.boolean(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

const printBlockSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("text"),
    text: z.string(),
    big: z.boolean().optional(),
    bold: z.boolean().optional(),
    center: z.boolean().optional(),
  }),
  z.object({
    type: z.literal("row"),
    left: z.string(),
    right: z.string(),
    big: z.boolean().optional(),
    bold: z.boolean().optional(),
  }),
  z.object({ type: z.literal("rule") }),
]);

/** One job with its page as its printer prints it (转打印 marked): the browser printer's page. */
export const printJobPageSchema = printJobSchema.extend({
  paper: z.union([z.literal(58), z.literal(80)]),
  page: z.object({ title: z.string(), blocks: z.array(printBlockSchema) }),
});
export type PrintJobPage = z.infer<typeof printJobPageSchema>;

/** The queue, newest first; `before` pages back. */
export const printJobsQuerySchema = z.object({
  before: idSchema.optional(),
  state: z.enum(PRINT_JOB_STATES).optional(),
});
export const printJobListSchema = z.array(printJobSchema);

/** What the console socket's `print` topic carries: a job's new state, a printer's new state. */
export type PrintTopicMessage =
  | { topic: "print"; type: "job"; job: PrintJob }
  | { topic: "print"; type: "printer"; printerId: number; name: string; state: PrinterState };
