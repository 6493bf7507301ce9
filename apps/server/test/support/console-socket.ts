import { API, type ConsoleSocketMessage } from "@tablemate/core";
import WebSocket from "ws";

/** A staff console's socket in tests: collects what the server sends; waits for conditions, never for time. */
export class ConsoleSocket {
  readonly messages: ConsoleSocketMessage[] = [];
  private waiters: Array<() => void> = [];
  closed: { code: number } | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      this.messages.push(JSON.parse(String(data)));
      this.wake();
    });
    socket.on("close", (code) => {
      this.closed = { code };
      this.wake();
    });
  }

  private wake() {
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Opens `/console/ws?rid=` on `base` (http://host:port) with the staff member's headers; after the hello. */
  static async open(base: string, rid: number, headers: Record<string, string>): Promise<ConsoleSocket> {
    const url = `${base.replace(/^http/, "ws")}${API.consoleSocket}?rid=${rid}`;
    const client = new ConsoleSocket(new WebSocket(url, { headers }));
    await client.until((m) => m.topic === "console");
    return client;
  }

  /** The HTTP status the upgrade was refused with (the socket never opens). */
  static refusal(base: string, rid: number | string, headers: Record<string, string>): Promise<number> {
    const url = `${base.replace(/^http/, "ws")}${API.consoleSocket}?rid=${rid}`;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      socket.on("unexpected-response", (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.on("open", () => {
        socket.close();
        reject(new Error("the console socket opened"));
      });
      socket.on("error", () => {});
    });
  }

  until(match: (m: ConsoleSocketMessage) => boolean, timeoutMs = 10_000): Promise<ConsoleSocketMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching console message; got ${JSON.stringify(this.messages)}`)),
        timeoutMs,
      );
      const check = () => {
        const found = this.messages.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else this.waiters.push(check);
      };
      check();
    });
  }

  /** Resolves when the server closes the socket. */
  untilClosed(timeoutMs = 10_000): Promise<{ code: number }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the console socket stayed open")), timeoutMs);
      const check = () => {
        if (this.closed) {
          clearTimeout(timer);
          resolve(this.closed);
        } else this.waiters.push(check);
      };
      check();
    });
  }

  close(): void {
    this.socket.close();
  }
}
