import { createConnection, type Socket } from "node:net";
import { DLE_EOT, type PrinterLook, printerLookOf, renderEscpos } from "@tablemate/core";
import iconv from "iconv-lite";
import type { AskOutcome, PrinterLink, PrintJobToSend, SendOutcome } from "./link.js";

/** GB18030 (iconv-lite: pure JS, maintained, and the fake decodes with the same tables). */
export const gb18030 = (text: string): Uint8Array => iconv.encode(text, "gb18030");

/** A TCP connection to a printer that reads its answers one byte at a time. */
class PrinterSocket {
  private received: number[] = [];
  private waiting: Array<() => void> = [];
  private closed = false;
  constructor(private readonly socket: Socket) {
    socket.on("data", (chunk) => {
      this.received.push(...chunk);
      for (const wake of this.waiting.splice(0)) wake();
    });
    socket.on("close", () => {
      this.closed = true;
      for (const wake of this.waiting.splice(0)) wake();
    });
    socket.on("error", () => socket.destroy());
  }

  static open(host: string, port: number, timeoutMs: number): Promise<PrinterSocket> {
    return new Promise((resolve, reject) => {
      const socket = createConnection({ host, port });
      const timer = setTimeout(() => socket.destroy(new Error("connect timed out")), timeoutMs);
      socket.once("connect", () => {
        clearTimeout(timer);
        resolve(new PrinterSocket(socket));
      });
      socket.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  private async byte(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (!this.received.length) {
      if (this.closed) throw new Error("the printer hung up");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("the printer did not answer its status");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received.shift() as number;
  }

  /** DLE EOT 1, 2 and 4: the printer's real-time status, said by it (valid bytes) or not (garbage). */
  async status(timeoutMs: number): Promise<PrinterLook> {
    const ask = async (n: number) => {
      this.socket.write(Buffer.from([0x10, 0x04, n]));
      return this.byte(timeoutMs);
    };
    const printer = await ask(DLE_EOT.printer);
    const offlineCause = await ask(DLE_EOT.offlineCause);
    const paper = await ask(DLE_EOT.paper);
    return printerLookOf({ printer, offlineCause, paper });
  }

  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
  }

  close(): void {
    this.socket.end();
  }
}

/**
 * A LAN ESC/POS printer (TCP, usually port 9100). Its status is asked (DLE EOT) before a job: not
 * online, nothing is sent (the job waits or goes to the backup); then the page's bytes; then the
 * status again: online, the job printed; the connection lost or the printer failing after the bytes
 * left, the job is unknown (a LAN printer keeps no record to ask, so staff decide: 重印).
 */
export function lanLink(target: { host: string; port: number }, timeoutMs: number): PrinterLink {
  const connect = () => PrinterSocket.open(target.host, target.port, timeoutMs);
  return {
    async state(): Promise<PrinterLook> {
      try {
        const socket = await connect();
        try {
          return await socket.status(timeoutMs);
        } finally {
          socket.close();
        }
      } catch {
        return { state: "offline", said: false };
      }
    },
    async send(job: PrintJobToSend): Promise<SendOutcome> {
      const silent = (error: string): SendOutcome => ({
        kind: "notSent",
        state: "offline",
        said: false,
        error,
      });
      let socket: PrinterSocket;
      try {
        socket = await connect();
      } catch (error) {
        return silent(`连接打印机失败：${(error as Error).message}`);
      }
      try {
        let before: PrinterLook;
        try {
          before = await socket.status(timeoutMs);
        } catch (error) {
          return silent(`打印机无响应：${(error as Error).message}`);
        }
        if (before.state !== "online")
          return { kind: "notSent", ...before, error: `打印机状态：${before.state}` };
        try {
          await socket.write(renderEscpos(job.page, job.paper, gb18030));
          const after = await socket.status(timeoutMs);
          if (after.state === "online") return { kind: "printed" };
          return { kind: "unknown", error: `打印后打印机状态：${after.state}` };
        } catch (error) {
          return { kind: "unknown", error: `发送中断：${(error as Error).message}` };
        }
      } finally {
        socket.close();
      }
    },
    async ask(): Promise<AskOutcome> {
      return { kind: "unanswerable", error: "网络打印机不记录打印历史" };
    },
  };
}
