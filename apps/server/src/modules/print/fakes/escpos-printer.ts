import { createServer, type Socket } from "node:net";
import { type PrinterState, statusBytesOf } from "@tablemate/core";
import iconv from "iconv-lite";

/**
 * A network thermal printer on 127.0.0.1 (issue 27) for tests, the bench and the demo: it speaks
 * ESC/POS over TCP like one on port 9100, answers DLE EOT 1, 2 and 4 with the status of its state,
 * and reads each page's text back from GB18030 (a page ends at the cut, GS V). Unplugged, it hangs
 * up on every connection; offline, out of paper or with its cover open it says so and prints
 * nothing of what it is sent.
 */
export type FakePrinterState = PrinterState | "unplugged";

export interface PrintedPage {
  text: string;
  at: number;
}

export interface FakeEscposPrinter {
  host: string;
  port: number;
  state: FakePrinterState;
  pages: PrintedPage[];
  /** set: the next page jams at its cut (nothing printed) and the printer turns to this state */
  jamAtNextCut?: PrinterState;
  /** called with each page as it is cut */
  onPage?: (page: PrintedPage) => void;
  close(): Promise<void>;
}

const DLE = 0x10;
const EOT = 0x04;
const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;

/** Bytes each command takes after its first byte (the command's own arguments). */
function commandLength(bytes: Buffer, at: number): number | null {
  const first = bytes[at];
  const second = bytes[at + 1];
  if (second === undefined) return null;
  if (first === DLE && second === EOT) return 3;
  if (first === FS) return 2; // FS & / FS .
  if (first === ESC) return second === 0x40 ? 2 : 3; // ESC @, ESC a n, ESC E n, ESC d n
  if (first === GS && second === 0x56) {
    const m = bytes[at + 2];
    if (m === undefined) return null;
    return m === 65 || m === 66 ? 4 : 3;
  }
  if (first === GS) return 3; // GS ! n
  return 1;
}

export async function startFakeEscposPrinter(options: { port?: number } = {}): Promise<FakeEscposPrinter> {
  const sockets = new Set<Socket>();
  const printer: FakeEscposPrinter = {
    host: "127.0.0.1",
    port: 0,
    state: "online",
    pages: [],
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((socket) => {
    if (printer.state === "unplugged") {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let pending = Buffer.alloc(0);
    let lines: string[] = [];
    let line: number[] = [];
    socket.on("data", (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      let at = 0;
      while (at < pending.length) {
        const byte = pending[at] as number;
        if (byte === DLE || byte === ESC || byte === GS || byte === FS) {
          const length = commandLength(pending, at);
          if (length === null || at + length > pending.length) break;
          if (byte === DLE) {
            const n = pending[at + 2];
            const status = statusBytesOf(printer.state === "unplugged" ? "offline" : printer.state);
            socket.write(
              Buffer.from([n === 1 ? status.printer : n === 2 ? status.offlineCause : status.paper]),
            );
          } else if (byte === GS && pending[at + 1] === 0x56) {
            // the cut: a page, when the printer could print it (a jam stops it at the cut)
            if (printer.jamAtNextCut) {
              printer.state = printer.jamAtNextCut;
              printer.jamAtNextCut = undefined;
            } else if (printer.state === "online" && lines.length) {
              const page = { text: lines.join("\n"), at: Date.now() };
              printer.pages.push(page);
              printer.onPage?.(page);
            }
            lines = [];
          }
          at += length;
          continue;
        }
        if (byte === LF) {
          lines.push(iconv.decode(Buffer.from(line), "gb18030"));
          line = [];
        } else line.push(byte);
        at++;
      }
      pending = pending.subarray(at);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  printer.port = typeof address === "object" && address ? address.port : 0;
  return printer;
}
