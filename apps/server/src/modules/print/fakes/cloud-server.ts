import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { PrinterState } from "@tablemate/core";
import type { PrintedPage } from "./escpos-printer.js";

/**
 * What the cloud fakes share: a form-posting HTTP server on 127.0.0.1, the faults a test or the
 * bench injects (an answer lost after the print was accepted or the queue cleared, a late answer, a
 * callback sent more than once), cloud printers that print what they were sent while online and hold
 * it while not, a printer's unprinted queue cleared on request (never to print), and the callback
 * each service posts (to `callbackUrl`, when set) once a print is on paper.
 */
export interface CloudFaults {
  /** asked once per accepted print: true loses its answer (the print stays accepted) */
  loseAnswer: () => boolean;
  /** asked once per queue cleared: true loses its answer (the queue is cleared all the same) */
  loseClearAnswer: () => boolean;
  /** every answer waits this long */
  lateMs: number;
  /** asked once per callback: how many more times it is posted (a service's duplicates) */
  duplicateCallbacks: () => number;
}

export interface CloudPrinter {
  state: PrinterState;
  /**
   * what the service says of it when that is not its state: a service notices a printer lost only
   * after a while (飞鹅 says 离线 once it has not heard from it for two minutes) and accepts prints for
   * it meanwhile, holding them
   */
  reported?: PrinterState;
  pages: PrintedPage[];
  onPage?: (page: PrintedPage) => void;
}

export interface CloudOrder {
  id: string;
  printer: string;
  text: string;
  printed: boolean;
  /** dropped unprinted by a clear of its printer's queue: it never prints */
  dropped?: boolean;
  /** the caller's key for it (易联云's origin_id) and the account that sent it */
  origin?: string;
  account?: string;
  /** where this order's callback goes, given with it (飞鹅's backurl) */
  backUrl?: string;
}

export interface CloudFake {
  url: string;
  faults: CloudFaults;
  printers: Map<string, CloudPrinter>;
  orders: Map<string, CloudOrder>;
  /** where the service posts its callbacks (null: none), unless the fake says per order (callbackUrlOf) */
  callbackUrl: string | null;
  /** callbacks posted (duplicates included) */
  callbacks: number;
  /** queue clears asked (answered or lost) */
  clears: number;
  /** adds a printer (its SN or machine code), online */
  addPrinter(code: string): CloudPrinter;
  /** a printer's new state; back online, it prints what it holds */
  setState(code: string, state: PrinterState): void;
  /** what the service says of a printer's state (its `reported` state, else its own) */
  reportedState(code: string): PrinterState | undefined;
  /** drops what it holds unprinted for a printer (its queue cleared) */
  clearQueue(code: string): void;
  /** accepts an order for a printer: printed at once when the printer is online */
  accept(order: Omit<CloudOrder, "printed">): CloudOrder;
  close(): Promise<void>;
}

/** A call's answer, and whether it accepted a print or cleared a queue (each fault may lose that answer). */
export interface FakeAnswer {
  answer: unknown;
  accepted?: boolean;
  cleared?: boolean;
}

export type FormHandler = (path: string, fields: URLSearchParams) => FakeAnswer | Promise<FakeAnswer>;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Posts a callback form; a service that is not heard retries, which the duplicates fault stands for. */
async function postCallback(url: string, fields: Record<string, string>): Promise<void> {
  await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(5000),
  })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
}

/**
 * A cloud fake: `handle` answers the service's calls; `callbackOf` the fields of the callback that
 * says an order printed (each service's own, signed as it signs them); `callbackUrlOf` where it goes
 * (by default the fake's callbackUrl, the address set in a developer console).
 */
export async function startCloudFake(
  handle: (fake: CloudFake) => FormHandler,
  callbackOf: (order: CloudOrder) => Record<string, string>,
  callbackUrlOf: (order: CloudOrder, fake: CloudFake) => string | null = (_, fake) => fake.callbackUrl,
): Promise<CloudFake> {
  const printers = new Map<string, CloudPrinter>();
  const orders = new Map<string, CloudOrder>();
  const call = (order: CloudOrder) => {
    const url = callbackUrlOf(order, fake);
    if (!url) return;
    const copies = 1 + fake.faults.duplicateCallbacks();
    for (let i = 0; i < copies; i++) {
      fake.callbacks++;
      // the copies arrive apart, as a service's retries do (the first at once)
      setTimeout(() => void postCallback(url, callbackOf(order)), i * 150);
    }
  };
  const print = (order: CloudOrder) => {
    const printer = printers.get(order.printer);
    if (printer?.state !== "online" || order.printed || order.dropped) return;
    order.printed = true;
    const page = { text: order.text, at: Date.now() };
    printer.pages.push(page);
    printer.onPage?.(page);
    call(order);
  };
  const fake: CloudFake = {
    url: "",
    faults: {
      loseAnswer: () => false,
      loseClearAnswer: () => false,
      lateMs: 0,
      duplicateCallbacks: () => 0,
    },
    printers,
    orders,
    callbackUrl: null,
    callbacks: 0,
    clears: 0,
    addPrinter(code) {
      const printer: CloudPrinter = { state: "online", pages: [] };
      printers.set(code, printer);
      return printer;
    },
    setState(code, state) {
      const printer = printers.get(code);
      if (!printer) return;
      printer.state = state;
      for (const order of orders.values()) if (order.printer === code) print(order);
    },
    reportedState(code) {
      const printer = printers.get(code);
      return printer && (printer.reported ?? printer.state);
    },
    clearQueue(code) {
      fake.clears++;
      for (const order of orders.values()) if (order.printer === code && !order.printed) order.dropped = true;
    },
    accept(accepted) {
      const order = { ...accepted, printed: false };
      orders.set(order.id, order);
      print(order);
      return order;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const handler = handle(fake);
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://fake").pathname;
    const { answer, accepted, cleared } = await handler(path, new URLSearchParams(await bodyOf(request)));
    if ((accepted && fake.faults.loseAnswer()) || (cleared && fake.faults.loseClearAnswer())) {
      // done, then the answer never comes: the caller times out
      request.socket.destroy();
      return;
    }
    if (fake.faults.lateMs) await new Promise((resolve) => setTimeout(resolve, fake.faults.lateMs));
    response.writeHead(200, { "content-type": "application/json;charset=utf-8" });
    response.end(JSON.stringify(answer));
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  fake.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return fake;
}

/** A markup page as its paper reads: tags dropped, line breaks kept. */
export const markupToText = (markup: string, lineBreak: RegExp): string =>
  markup
    .replace(lineBreak, "\n")
    .replace(/<\/?[A-Za-z0-9]+>/g, "")
    .replace(/\n$/, "");
